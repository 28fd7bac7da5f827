import { DomainError } from '../../errors/domain-error';
import { HistoryEvent, VideoWatchedData } from '../../events/app-events';
import { Decider, SnapshotCodec, StoredEvent } from '../shared/decider';
import { asObject, asStringPairs } from '../shared/snapshot-json';

export type HistoryCommand =
  /** `watchedAt`: the handler's clock, so the event itself says when (imports keep their own). */
  | { readonly type: 'AddVideo'; readonly userId: string; readonly videoId: string; readonly watchedAt: string }
  | { readonly type: 'RemoveVideo'; readonly userId: string; readonly videoId: string }
  | { readonly type: 'ClearList'; readonly userId: string }
  /** Removes every entry watched strictly before `before` (an ISO date-time). */
  | { readonly type: 'RemoveBefore'; readonly userId: string; readonly before: string }
  | { readonly type: 'SetPaused'; readonly userId: string; readonly paused: boolean };

export interface HistoryState {
  /** Video id → when it was watched (ISO), in the order they were recorded. */
  readonly watched: ReadonlyMap<string, string>;
  readonly paused: boolean;
}

const initialState = (): HistoryState => ({ watched: new Map(), paused: false });

/** Old VideoWatched events have no watchedAt: the time the store recorded them stands in. */
function watchedAt(event: StoredEvent, data: VideoWatchedData): string {
  return data.watchedAt ?? (event as { createdAt?: string }).createdAt ?? '';
}

function evolve(state: HistoryState, event: StoredEvent): HistoryState {
  const e = event as HistoryEvent;
  const without = (videoIds: Iterable<string>) => {
    const watched = new Map(state.watched);
    for (const videoId of videoIds) watched.delete(videoId);
    return { ...state, watched };
  };
  switch (e.type) {
    case 'VideoWatched':
      return { ...state, watched: new Map(state.watched).set(e.data.videoId, watchedAt(event, e.data)) };
    case 'VideoRemovedFromHistory':
      return without([e.data.videoId]);
    case 'HistoryCleared':
      return { ...state, watched: new Map() };
    case 'HistoryRemovedBefore':
      return without(e.data.videoIds);
    case 'HistoryRestored': {
      const watched = new Map(state.watched);
      for (const entry of e.data.entries) watched.set(entry.videoId, entry.watchedAt);
      return { ...state, watched };
    }
    case 'HistoryPaused':
      return { ...state, paused: true };
    case 'HistoryResumed':
      return { ...state, paused: false };
    default:
      return state;
  }
}

function decide(command: HistoryCommand, state: HistoryState): HistoryEvent[] {
  const { userId } = command;
  switch (command.type) {
    case 'AddVideo':
      // Checked here, atomically with the append: a pause can never race a recording.
      if (state.paused) throw new DomainError('HISTORY_PAUSED');
      if (state.watched.has(command.videoId)) throw new DomainError('ALREADY_IN_HISTORY');
      return [{ type: 'VideoWatched', data: { userId, videoId: command.videoId, watchedAt: command.watchedAt } }];
    case 'RemoveVideo':
      // Removing what is not there changes nothing: answer with the list as it is.
      if (!state.watched.has(command.videoId)) return [];
      return [{ type: 'VideoRemovedFromHistory', data: { userId, videoId: command.videoId } }];
    case 'ClearList':
      if (state.watched.size === 0) return [];
      return [{ type: 'HistoryCleared', data: { userId } }];
    case 'RemoveBefore': {
      const before = Date.parse(command.before);
      if (Number.isNaN(before)) throw new Error(`RemoveBefore needs a date, got ${command.before}`);
      const videoIds = [...state.watched].filter(([, at]) => Date.parse(at) < before).map(([videoId]) => videoId);
      if (videoIds.length === 0) return [];
      return [{ type: 'HistoryRemovedBefore', data: { userId, before: new Date(before).toISOString(), videoIds } }];
    }
    case 'SetPaused':
      if (command.paused === state.paused) return [];
      return [{ type: command.paused ? 'HistoryPaused' : 'HistoryResumed', data: { userId } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** Entries in the map's (recorded) order, so that a decoded state iterates as the folded one did. */
const historySnapshot: SnapshotCodec<HistoryState> = {
  version: 1,
  encode: (state) => ({ watched: [...state.watched], paused: state.paused }),
  decode: (json) => {
    const { watched, paused } = asObject(json);
    if (typeof paused !== 'boolean') throw new TypeError('snapshot: paused is not a boolean');
    return { watched: new Map(asStringPairs(watched)), paused };
  },
};

export const historyDecider: Decider<HistoryCommand, HistoryEvent, HistoryState> = {
  name: 'history',
  initialState,
  evolve,
  decide,
  snapshot: historySnapshot,
};
