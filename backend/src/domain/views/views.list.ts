import { ViewEvent, streams } from '../../events/app-events';
import type { StoredEvent } from '../../events/event';
import { ListDefinition, SnapshotCodec } from '../decider';
import { asObject, asStringPairs } from '../snapshot-json';

/** The player's report: this viewer has watched this video for 10 seconds, at `at` (the server's clock). */
export type ViewCommand = { readonly type: 'RecordView'; readonly userId: string; readonly videoId: string; readonly at: string };

export interface ViewsState {
  /** The hour the viewer's latest view counted in, and the videos counted in it. Older hours no longer matter. */
  readonly hour: string;
  readonly videos: ReadonlyMap<string, string>;
}

/** The clock hour an instant falls in ("2026-11-25T23:00:00.000Z"): a view counts once per viewer and video in it. */
const hourOf = (at: string): string => `${at.slice(0, 13)}:00:00.000Z`;

function evolve(state: ViewsState, event: StoredEvent<ViewEvent>): ViewsState {
  const { hour, videoId } = event.data;
  // A new hour forgets the last one: the state stays as small as one hour of one viewer's views.
  const videos = hour === state.hour ? new Map(state.videos) : new Map<string, string>();
  videos.set(videoId, hour);
  return { hour, videos };
}

function decide(command: ViewCommand, state: ViewsState): ViewEvent[] {
  const hour = hourOf(command.at);
  // Counted already this hour (or a report from an earlier hour arriving late): nothing more to record.
  if (hour < state.hour || state.videos.get(command.videoId) === hour) return [];
  return [{ type: 'VideoViewed', data: { userId: command.userId, videoId: command.videoId, at: command.at, hour } }];
}

const viewsSnapshot: SnapshotCodec<ViewsState> = {
  version: 1,
  encode: (state) => ({ hour: state.hour, videos: [...state.videos] }),
  decode: (json) => {
    const { hour, videos } = asObject(json);
    if (typeof hour !== 'string') throw new TypeError('snapshot: not a views state');
    return { hour, videos: new Map(asStringPairs(videos)) };
  },
};

/**
 * A viewer's counted views (docs/design/catalogue.md, "viewCount"): at most one per video per clock hour,
 * so a reloading or scripted player cannot count a video more than once an hour per viewer. Counted by the
 * catalogue each instance holds; no line in the timeline (it would drown the user's own actions).
 */
export const viewsList: ListDefinition<ViewCommand, ViewEvent, ViewsState> = {
  name: 'views',
  eventTypes: ['VideoViewed'],
  initialState: () => ({ hour: '', videos: new Map() }),
  evolve,
  decide,
  snapshot: viewsSnapshot,
  streamOf: (command) => streams.views(command.userId),
  videoOf: (command) => command.videoId,
  project: () => [],
  compensate: () => undefined,
  inActivity: false,
};
