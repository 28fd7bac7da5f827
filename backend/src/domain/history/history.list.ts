import { DomainError } from '../../errors/domain-error';
import { HISTORY_RETENTIONS, HistoryEntryData, HistoryEvent, HistoryRetention, streams } from '../../events/app-events';
import type { ReadModelChange } from '../../read-model/read-model.port';
import { KeptVideos, ListDefinition, SnapshotCodec, keepingOne } from '../decider';
import type { StoredEvent } from '../../events/event';
import { expiryAt, retentionCutoff } from './history-retention';
import { asObject } from '../snapshot-json';
import { sortKey } from '../sort-keys';
import { keyBefore } from '../video-set/video-set.list';

/**
 * With auto-delete on (`retention`), a command that records watching or changes the settings first
 * removes the entries older than the setting allows at the command's time (`watchedAt` or `at`, the
 * app's clock), in the same append (history-retention.ts says why it is an event of its own).
 */
export type HistoryCommand =
  /**
   * `watchedAt`: the handler's clock, so the event itself says when. `order` and `undoes`: an undo
   * putting a removed entry back; it records no new watching, so a pause does not refuse it, and
   * auto-delete leaves it to the next write or sweep (an undo puts back what was, nothing else).
   */
  | {
      readonly type: 'AddVideo';
      readonly userId: string;
      readonly videoId: string;
      readonly watchedAt: string;
      readonly order?: string;
      readonly undoes?: string;
    }
  | { readonly type: 'RemoveVideo'; readonly userId: string; readonly videoId: string; readonly undoes?: string }
  /**
   * Playing a video: recorded as the latest watched whether or not it was there before. One user
   * action, so one event: a `VideoWatched` of a video already in the history moves it to latest
   * (before, clients deleted and re-added it, which showed as two actions the user never did).
   */
  | { readonly type: 'RecordWatch'; readonly userId: string; readonly videoId: string; readonly watchedAt: string }
  | { readonly type: 'ClearList'; readonly userId: string }
  /** Removes every entry watched strictly before `before` (an ISO date-time). */
  | { readonly type: 'RemoveBefore'; readonly userId: string; readonly before: string }
  /** The settings given change (`paused`, `retention`); those absent stay. */
  | {
      readonly type: 'ChangeSettings';
      readonly userId: string;
      readonly paused?: boolean;
      readonly retention?: HistoryRetention;
      readonly at: string;
    }
  /** Auto-delete on its own (the projector's daily sweep): nothing to do when nothing is old enough. */
  | { readonly type: 'ExpireEntries'; readonly userId: string; readonly at: string }
  /** Undo of a clear or a removal by date: the entries as they were, with their times and places. */
  | { readonly type: 'Restore'; readonly userId: string; readonly entries: readonly HistoryEntryData[]; readonly undoes: string }
  /**
   * An import: entries not already there, and the document's settings. While the history is
   * paused (and the document does not resume it) nothing is recorded, as for any watch; with
   * auto-delete on, entries it would remove at `at` are not recorded either.
   */
  | {
      readonly type: 'Import';
      readonly userId: string;
      readonly entries: readonly { readonly videoId: string; readonly watchedAt: string }[];
      readonly paused?: boolean;
      readonly retention?: HistoryRetention;
      readonly at: string;
    };

interface HistoryEntry {
  readonly order: bigint;
  /** The event's watchedAt (version 1 events without one are upcast with their createdAt). */
  readonly watchedAt: string;
}

export interface HistoryState {
  /** Video id → its sort key and watch time, in the order they were recorded. */
  readonly watched: ReadonlyMap<string, HistoryEntry>;
  readonly paused: boolean;
  /** Auto-delete: entries older than this many months are removed ('off': kept). */
  readonly retention: HistoryRetention;
}

function without(state: HistoryState, videoIds: Iterable<string>): HistoryState {
  const watched = new Map(state.watched);
  for (const videoId of videoIds) watched.delete(videoId);
  return { ...state, watched };
}

function evolve(state: HistoryState, event: StoredEvent<HistoryEvent>): HistoryState {
  switch (event.type) {
    case 'VideoWatched': {
      const { videoId, order, watchedAt } = event.data;
      const entry = { order: sortKey(order, event.position), watchedAt };
      // A watch of a video already there moves it to latest: deleted first so that the map's
      // (recorded) order stays the order of the sort keys.
      const watched = new Map(state.watched);
      watched.delete(videoId);
      return { ...state, watched: watched.set(videoId, entry) };
    }
    case 'VideoRemovedFromHistory':
      return without(state, [event.data.videoId]);
    case 'HistoryCleared':
      return { ...state, watched: new Map() };
    case 'HistoryRemovedBefore':
    case 'HistoryEntriesExpired':
      return without(state, event.data.videoIds);
    case 'HistoryRestored': {
      const watched = new Map(state.watched);
      for (const { videoId, watchedAt, order } of event.data.entries) watched.set(videoId, { order: BigInt(order), watchedAt });
      return { ...state, watched };
    }
    case 'HistoryPaused':
      return { ...state, paused: true };
    case 'HistoryResumed':
      return { ...state, paused: false };
    case 'HistoryRetentionChanged':
      return { ...state, retention: event.data.retention };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** Auto-delete at `at`: the expiry event (none when nothing is old enough) and the state after it. */
function expire(state: HistoryState, userId: string, at: string): { events: HistoryEvent[]; state: HistoryState } {
  const expiry = expiryAt(state.watched, state.retention, at);
  if (!expiry) return { events: [], state };
  return { events: [{ type: 'HistoryEntriesExpired', data: { userId, ...expiry } }], state: without(state, expiry.videoIds) };
}

function decide(command: HistoryCommand, state: HistoryState): HistoryEvent[] {
  const { userId } = command;
  switch (command.type) {
    case 'AddVideo': {
      const { videoId, watchedAt, order, undoes } = command;
      // Checked here, atomically with the append: a pause can never race a recording.
      if (state.paused && undoes === undefined) throw new DomainError('HISTORY_PAUSED');
      const expired = undoes === undefined ? expire(state, userId, watchedAt) : { events: [], state };
      if (expired.state.watched.has(videoId)) throw new DomainError('ALREADY_IN_HISTORY');
      const data = { userId, videoId, watchedAt, ...(order !== undefined && { order }), ...(undoes !== undefined && { undoes }) };
      return [...expired.events, { type: 'VideoWatched', data }];
    }
    case 'RecordWatch': {
      if (state.paused) throw new DomainError('HISTORY_PAUSED');
      const { videoId, watchedAt } = command;
      return [...expire(state, userId, watchedAt).events, { type: 'VideoWatched', data: { userId, videoId, watchedAt } }];
    }
    case 'RemoveVideo':
      // Removing what is not there changes nothing: answer with the list as it is.
      if (!state.watched.has(command.videoId)) return [];
      return [{ type: 'VideoRemovedFromHistory', data: { userId, videoId: command.videoId, ...undoing(command.undoes) } }];
    case 'ClearList':
      if (state.watched.size === 0) return [];
      return [{ type: 'HistoryCleared', data: { userId } }];
    case 'RemoveBefore': {
      const before = Date.parse(command.before);
      if (Number.isNaN(before)) throw new Error(`RemoveBefore needs a date, got ${command.before}`);
      const videoIds = [...state.watched].filter(([, entry]) => Date.parse(entry.watchedAt) < before).map(([videoId]) => videoId);
      if (videoIds.length === 0) return [];
      return [{ type: 'HistoryRemovedBefore', data: { userId, before: new Date(before).toISOString(), videoIds } }];
    }
    case 'ChangeSettings':
      return decideSettings(command, state);
    case 'ExpireEntries':
      return expire(state, userId, command.at).events;
    case 'Restore':
      return [{ type: 'HistoryRestored', data: { userId, entries: command.entries, undoes: command.undoes } }];
    case 'Import':
      return decideImport(command, state);
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const undoing = (undoes: string | undefined) => (undoes === undefined ? {} : { undoes });

/** The setting changes asked for (none when they are already so), then auto-delete under the resulting setting. */
function decideSettings(command: Extract<HistoryCommand, { type: 'ChangeSettings' }>, state: HistoryState): HistoryEvent[] {
  const { userId, paused, retention, at } = command;
  const changes: HistoryEvent[] = [];
  if (paused !== undefined && paused !== state.paused)
    changes.push({ type: paused ? 'HistoryPaused' : 'HistoryResumed', data: { userId } });
  if (retention !== undefined && retention !== state.retention) {
    if (!HISTORY_RETENTIONS.includes(retention)) throw new Error(`Unknown history retention: ${String(retention)}`);
    changes.push({ type: 'HistoryRetentionChanged', data: { userId, retention } });
  }
  return [...changes, ...expire({ ...state, retention: retention ?? state.retention }, userId, at).events];
}

function decideImport(command: Extract<HistoryCommand, { type: 'Import' }>, state: HistoryState): HistoryEvent[] {
  const { userId, entries, paused, at } = command;
  const settings = decideSettings({ type: 'ChangeSettings', userId, retention: command.retention, at }, state);
  const current = afterDecided(state, settings);
  const cutoff = retentionCutoff(current.retention, at);
  const resume = paused === false && current.paused;
  const recording = !current.paused || resume;
  const watched = new Map<string, string>();
  for (const { videoId, watchedAt } of entries) {
    const kept = cutoff === undefined || Date.parse(watchedAt) >= cutoff;
    if (kept && !current.watched.has(videoId) && !watched.has(videoId)) watched.set(videoId, watchedAt);
  }
  return [
    ...settings,
    ...(resume ? [{ type: 'HistoryResumed' as const, data: { userId } }] : []),
    ...(recording
      ? [...watched].map(([videoId, watchedAt]) => ({ type: 'VideoWatched' as const, data: { userId, videoId, watchedAt } }))
      : []),
    ...(paused === true && !current.paused ? [{ type: 'HistoryPaused' as const, data: { userId } }] : []),
  ];
}

/** Events just decided, folded as if stored: they remove entries or change settings only, so where they would be stored is not read. */
function afterDecided(state: HistoryState, events: readonly HistoryEvent[]): HistoryState {
  const unstored = { id: '', streamId: '', revision: -1, position: 0n, metadata: {}, createdAt: '' };
  return events.reduce((s, event) => evolve(s, { ...event, ...unstored }), state);
}

function project(event: StoredEvent<HistoryEvent>): ReadModelChange[] {
  const { userId } = event.data;
  const remove = (videoId: string): ReadModelChange => ({ op: 'removeFromList', userId, list: 'history', videoId });
  switch (event.type) {
    case 'VideoWatched':
      return [
        { op: 'addToList', userId, list: 'history', videoId: event.data.videoId, position: sortKey(event.data.order, event.position) },
      ];
    case 'VideoRemovedFromHistory':
      return [remove(event.data.videoId)];
    case 'HistoryCleared':
      return [{ op: 'clearList', userId, list: 'history' }];
    case 'HistoryRemovedBefore':
    case 'HistoryEntriesExpired':
      return event.data.videoIds.map(remove);
    case 'HistoryRestored':
      return event.data.entries.map(({ videoId, order }) => ({
        op: 'addToList',
        userId,
        list: 'history',
        videoId,
        position: BigInt(order),
      }));
    case 'HistoryPaused':
    case 'HistoryResumed':
      return [{ op: 'putSettings', userId, settings: { historyPaused: event.type === 'HistoryPaused' } }];
    case 'HistoryRetentionChanged':
      return [{ op: 'putSettings', userId, settings: { historyRetention: event.data.retention } }];
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

function compensate(event: StoredEvent<HistoryEvent>): ((before: HistoryState) => HistoryCommand) | undefined {
  const { userId } = event.data;
  const undoes = event.position.toString();
  const restore = (videoIds: readonly string[]) => (before: HistoryState) => {
    const entries = videoIds.flatMap((videoId) => {
      const entry = before.watched.get(videoId);
      return entry ? [{ videoId, watchedAt: entry.watchedAt, order: entry.order.toString() }] : [];
    });
    return { type: 'Restore' as const, userId, entries, undoes };
  };
  switch (event.type) {
    case 'VideoWatched':
      // A re-watch is undone by putting the entry back where it was, with its old watch time.
      return (before) =>
        before.watched.has(event.data.videoId)
          ? restore([event.data.videoId])(before)
          : { type: 'RemoveVideo', userId, videoId: event.data.videoId, undoes };
    case 'VideoRemovedFromHistory':
      return (before) => {
        const { order, watchedAt } = keyBefore(before.watched, event.data.videoId, event);
        return { type: 'AddVideo', userId, videoId: event.data.videoId, watchedAt, order: order.toString(), undoes };
      };
    case 'HistoryCleared':
      return (before) => restore([...before.watched.keys()])(before);
    case 'HistoryRemovedBefore':
      return restore(event.data.videoIds);
    // Settings are not list actions; and what auto-delete removed would only expire again.
    case 'HistoryRestored':
    case 'HistoryPaused':
    case 'HistoryResumed':
    case 'HistoryRetentionChanged':
    case 'HistoryEntriesExpired':
      return undefined;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** Entries in the map's (recorded) order, so that a decoded state iterates as the folded one did. */
const historySnapshot: SnapshotCodec<HistoryState> = {
  version: 3,
  encode: (state) => ({
    watched: [...state.watched].map(([id, e]) => [id, e.order.toString(), e.watchedAt]),
    paused: state.paused,
    retention: state.retention,
  }),
  decode: (json) => {
    const { watched, paused, retention } = asObject(json);
    if (typeof paused !== 'boolean') throw new TypeError('snapshot: paused is not a boolean');
    if (!HISTORY_RETENTIONS.includes(retention as HistoryRetention)) throw new TypeError('snapshot: retention is not a retention');
    const ok = Array.isArray(watched) && watched.every((e) => Array.isArray(e) && e.length === 3 && e.every((v) => typeof v === 'string'));
    if (!ok) throw new TypeError('snapshot: watched is not a list of entries');
    const entries = (watched as [string, string, string][]).map(
      ([id, order, watchedAt]) => [id, { order: BigInt(order), watchedAt }] as const,
    );
    return { watched: new Map(entries), paused, retention: retention as HistoryRetention };
  },
};

/** An undo's put-back without the videos `keep` turns down (a restore keeps the entries left, if any). */
function keepingVideos(command: HistoryCommand, keep: (videoId: string) => boolean): KeptVideos<HistoryCommand> {
  if (command.type === 'AddVideo') return keepingOne(command, command.videoId, keep);
  if (command.type !== 'Restore') return { command, skipped: [] };
  const entries = command.entries.filter((entry) => keep(entry.videoId));
  const skipped = command.entries.filter((entry) => !keep(entry.videoId)).map((entry) => entry.videoId);
  if (skipped.length === 0) return { command, skipped };
  return entries.length === 0 ? { skipped } : { command: { ...command, entries }, skipped };
}

export const historyList: ListDefinition<HistoryCommand, HistoryEvent, HistoryState> = {
  name: 'history',
  eventTypes: [
    'VideoWatched',
    'VideoRemovedFromHistory',
    'HistoryCleared',
    'HistoryPaused',
    'HistoryResumed',
    'HistoryRemovedBefore',
    'HistoryRestored',
    'HistoryRetentionChanged',
    'HistoryEntriesExpired',
  ],
  initialState: () => ({ watched: new Map(), paused: false, retention: 'off' }),
  evolve,
  decide,
  snapshot: historySnapshot,
  streamOf: (command) => streams.history(command.userId),
  videoOf: (command) =>
    command.type === 'AddVideo' || command.type === 'RemoveVideo' || command.type === 'RecordWatch' ? command.videoId : undefined,
  takesOut: (command) => command.type === 'RemoveVideo',
  keepingVideos,
  project,
  compensate,
};
