import type { NewEvent, StoredEvent } from '../../events/event';
import { storedVersion, upcast } from '../../events/event-versions';
import type { AppEvent } from '../../events/app-events';
import { streams } from '../../events/app-events';
import type { PlannedCommand } from '../all-lists';
import { ListDefinition, fold } from '../decider';

export const USER = 'user-1';

/** The stream an event of this user belongs to, as the command side names it. */
function streamOf(event: { type: string; data: unknown }): string {
  const data = event.data as { playlistId?: string };
  if (data.playlistId !== undefined) return streams.playlist(data.playlistId);
  if (/Liked|Unliked/.test(event.type)) return streams.likes(USER);
  if (/WatchLater/.test(event.type)) return streams.watchLater(USER);
  return streams.history(USER);
}

/**
 * An in-memory event log for unit tests: positions and revisions are assigned as a store would,
 * and each event is stored one millisecond after the previous one (from 2026-01-01T00:00:00Z).
 */
export class EventLog {
  readonly events: StoredEvent[] = [];
  private readonly start = Date.parse('2026-01-01T00:00:00.000Z');

  append(...events: readonly (AppEvent | NewEvent)[]): this {
    for (const event of events) {
      const streamId = streamOf(event);
      const revision = this.events.filter((e) => e.streamId === streamId).length;
      const position = BigInt(this.events.length + 1);
      const createdAt = new Date(this.start + this.events.length).toISOString();
      // Read back as the app's event store reads it: an event without a version is version 1, upcast.
      const data = upcast(event.type, storedVersion(('metadata' in event && event.metadata) || {}), { data: event.data, createdAt });
      this.events.push({ id: `event-${position}`, streamId, revision, position, type: event.type, data, metadata: {}, createdAt });
    }
    return this;
  }

  /** The time the event at this 1-based position was stored. */
  timeOf(position: number): Date {
    return new Date(this.start + position - 1);
  }
}

const u = USER;
export const ev = {
  liked: (videoId: string, extra = {}): AppEvent => ({ type: 'VideoLiked', data: { userId: u, videoId, ...extra } }),
  unliked: (videoId: string): AppEvent => ({ type: 'VideoUnliked', data: { userId: u, videoId } }),
  saved: (videoId: string): AppEvent => ({ type: 'VideoAddedToWatchLater', data: { userId: u, videoId } }),
  unsaved: (videoId: string): AppEvent => ({ type: 'VideoRemovedFromWatchLater', data: { userId: u, videoId } }),
  /** As stored before time-travel and undo (version 1) unless `extra` names a watchedAt: the log upcasts it. */
  // Typed as today's event, though without a watchedAt its data is version 1's shape (older than AppEvent's).
  watched: (videoId: string, extra = {}): AppEvent =>
    ({ type: 'VideoWatched', data: { userId: u, videoId, ...extra } }) as unknown as AppEvent,
  unwatched: (videoId: string): AppEvent => ({ type: 'VideoRemovedFromHistory', data: { userId: u, videoId } }),
  cleared: (): AppEvent => ({ type: 'HistoryCleared', data: { userId: u } }),
  removedBefore: (before: string, videoIds: string[]): AppEvent => ({
    type: 'HistoryRemovedBefore',
    data: { userId: u, before, videoIds },
  }),
  paused: (): AppEvent => ({ type: 'HistoryPaused', data: { userId: u } }),
  resumed: (): AppEvent => ({ type: 'HistoryResumed', data: { userId: u } }),
  created: (playlistId: string, title = playlistId, extra = {}): AppEvent => ({
    type: 'PlaylistCreated',
    data: { playlistId, userId: u, title, ...extra },
  }),
  deleted: (playlistId: string): AppEvent => ({ type: 'PlaylistDeleted', data: { playlistId, userId: u } }),
  added: (playlistId: string, videoId: string): AppEvent => ({ type: 'VideoAddedToPlaylist', data: { userId: u, playlistId, videoId } }),
  removed: (playlistId: string, videoId: string): AppEvent => ({
    type: 'VideoRemovedFromPlaylist',
    data: { userId: u, playlistId, videoId },
  }),
  renamed: (playlistId: string, title: string, description?: string): AppEvent => ({
    type: 'PlaylistDetailsChanged',
    data: { playlistId, userId: u, title, ...(description !== undefined && { description }) },
  }),
  reordered: (playlistId: string, videoId: string, videoIds: string[]): AppEvent => ({
    type: 'PlaylistReordered',
    data: { playlistId, userId: u, videoId, toIndex: videoIds.indexOf(videoId), videoIds },
  }),
};

/** Decides a planned command as the command runner would, on that stream's events in the log (no I/O). */
export function decideOn(log: EventLog, stream: string, command: PlannedCommand): NewEvent[] {
  const events = log.events.filter((e) => e.streamId === stream);
  return command.run(
    {
      run<C, E extends NewEvent, S>(_stream: string, list: ListDefinition<C, E, S>, planned: C): NewEvent[] {
        return list.decide(planned, fold(list, list.initialState(), events));
      },
    },
    stream,
  );
}
