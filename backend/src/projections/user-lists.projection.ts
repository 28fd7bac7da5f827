import type { StoredEvent } from '../events/event';
import { AppEvent, CATALOGUE_SEED } from '../events/app-events';
import { isAppEvent, listOf } from '../domain/all-lists';
import { ActivityEntry, ReadModelChange } from '../read-model/read-model.port';
import { correlationOf } from '../tracing/correlation';

/**
 * The event as a line of its user's timeline. Only ids and a playlist's title are copied from
 * the data: never the profile, never the password hash; from the metadata, the correlation id and cause.
 */
function activity(e: StoredEvent<AppEvent>): ReadModelChange {
  const { data } = e;
  const entry: ActivityEntry = {
    position: e.position,
    type: e.type,
    at: e.createdAt,
    ...('videoId' in data && { videoId: data.videoId }),
    ...('playlistId' in data && { playlistId: data.playlistId }),
    ...('channelId' in data && { channelId: data.channelId }),
    // The title as of this event: later entries naming the playlist are read back with the newest.
    ...('playlistId' in data && 'title' in data && { playlistTitle: data.title }),
    ...correlationOf(e.metadata),
  };
  return { op: 'recordActivity', userId: data.userId, entry };
}

/**
 * Turns one stored event into read-model changes: its list's changes (from the list's own
 * definition), then the event's line in the user's activity timeline (applied in the same batch, so
 * both land together). Pure, and every change is an assignment, so re-applying events is harmless.
 * Events of a type no list knows (a newer version) are not this projection's business.
 */
export function projectEvent(event: StoredEvent): ReadModelChange[] {
  if (!isAppEvent(event)) return [];
  const list = listOf(event.type)!;
  // The shipped catalogue's events are nobody's actions: no timeline to write them to.
  const inTimeline = list.inActivity(event) && event.data.userId !== CATALOGUE_SEED;
  return inTimeline ? [...list.project(event), activity(event)] : list.project(event);
}
