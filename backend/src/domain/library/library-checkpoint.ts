import type { SnapshotCodec } from '../decider';
import { historyList } from '../history/history.list';
import { Library, emptyLibrary } from './library';
import { playlistList } from '../playlist/playlist.list';
import { asObject } from '../snapshot-json';
import { subscriptionsList } from '../subscriptions/subscriptions.list';
import { likesList, watchLaterList } from '../video-set/video-set.list';

/** Where a checkpoint left one stream: its last event folded in, checked by id before the checkpoint is used. */
export interface StreamMark {
  readonly revision: number;
  readonly eventId: string;
}

/**
 * A user's library folded up to some point of their history, with what it covers: each list's own
 * decider state (by its own snapshot codec) and, per stream, the last event folded in.
 */
export interface LibraryCheckpoint {
  readonly library: Library;
  readonly streams: ReadonlyMap<string, StreamMark>;
  /** How many of the user's events are folded in. */
  readonly count: number;
}

export const EMPTY_CHECKPOINT: LibraryCheckpoint = {
  library: emptyLibrary(),
  streams: new Map(),
  count: 0,
};

/** A list's snapshot codec: every list folded into a checkpoint has one. */
function codecOf<S>(list: { readonly name: string; readonly snapshot?: SnapshotCodec<S> }): SnapshotCodec<S> {
  if (!list.snapshot) throw new Error(`The ${list.name} list has no snapshot codec: its state cannot be checkpointed`);
  return list.snapshot;
}

const likesCodec = codecOf(likesList);
const watchLaterCodec = codecOf(watchLaterList);
const historyCodec = codecOf(historyList);
const playlistCodec = codecOf(playlistList);
const subscriptionsCodec = codecOf(subscriptionsList);
const codecs = [likesCodec, watchLaterCodec, historyCodec, playlistCodec, subscriptionsCodec];

/**
 * The checkpoint document's version: its own format (the leading 1) and every list codec's version,
 * so that a change to any list's state shape makes every stored checkpoint ignored.
 */
export const CHECKPOINT_VERSION = Number(`1${codecs.map((c) => String(c.version).padStart(2, '0')).join('')}`);

export function encodeCheckpoint({ library, streams, count }: LibraryCheckpoint): unknown {
  return {
    count,
    streams: [...streams].map(([stream, { revision, eventId }]) => [stream, revision, eventId]),
    likes: likesCodec.encode(library.likes),
    watchlater: watchLaterCodec.encode(library.watchlater),
    history: historyCodec.encode(library.history),
    playlists: [...library.playlists].map(([id, state]) => [id, playlistCodec.encode(state)]),
    subscriptions: subscriptionsCodec.encode(library.subscriptions),
  };
}

/** Throws on anything encodeCheckpoint did not write: the checkpoint is then ignored. */
export function decodeCheckpoint(json: unknown): LibraryCheckpoint {
  const doc = asObject(json);
  const { count, streams, playlists } = doc;
  if (!Number.isSafeInteger(count) || (count as number) < 0) throw new TypeError('checkpoint: count');
  const marks = Array.isArray(streams) ? streams : [];
  const okMarks =
    Array.isArray(streams) &&
    marks.every(
      (m) => Array.isArray(m) && m.length === 3 && typeof m[0] === 'string' && Number.isSafeInteger(m[1]) && typeof m[2] === 'string',
    );
  if (!okMarks) throw new TypeError('checkpoint: streams');
  if (!Array.isArray(playlists) || !playlists.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string')) {
    throw new TypeError('checkpoint: playlists');
  }
  return {
    count: count as number,
    streams: new Map((marks as [string, number, string][]).map(([stream, revision, eventId]) => [stream, { revision, eventId }])),
    library: {
      likes: likesCodec.decode(doc.likes),
      watchlater: watchLaterCodec.decode(doc.watchlater),
      history: historyCodec.decode(doc.history),
      playlists: new Map((playlists as [string, unknown][]).map(([id, state]) => [id, playlistCodec.decode(state)])),
      subscriptions: subscriptionsCodec.decode(doc.subscriptions),
    },
  };
}
