import { DomainError } from '../../errors/domain-error';
import { PlaylistCreatedData, PlaylistEvent, PlaylistVideoRef } from '../../events/app-events';
import { reorderedKeys } from '../../events/sort-keys';
import { Decider, SnapshotCodec, StoredEvent } from '../shared/decider';
import { asObject, asOptionalString, asStringPairs } from '../shared/snapshot-json';

type Owned = { readonly userId: string; readonly playlistId: string };

export type PlaylistCommand =
  | ({ readonly type: 'CreatePlaylist' } & PlaylistCreatedData)
  | ({ readonly type: 'DeletePlaylist' } & Owned)
  | ({ readonly type: 'AddVideoToPlaylist'; readonly videoId: string } & Owned)
  | ({ readonly type: 'RemoveVideoFromPlaylist'; readonly videoId: string } & Owned)
  /** Absent fields keep their value; at least one is given (the API checks). */
  | ({ readonly type: 'ChangeDetails'; readonly title?: string; readonly description?: string } & Owned)
  /** `toIndex`: a non-negative integer (the API checks); it must also be a place in this playlist. */
  | ({ readonly type: 'Reorder'; readonly videoId: string; readonly toIndex: number } & Owned);

export interface PlaylistState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly ownerId?: string;
  readonly title?: string;
  readonly description?: string;
  /**
   * Video id → sort key, exactly as the read model orders them (`order ?? position`, keys
   * 0…n-1 after a reorder), so that an index here is the index the owner sees.
   */
  readonly videos: ReadonlyMap<string, bigint>;
}

const initialState = (): PlaylistState => ({ status: 'absent', videos: new Map() });

/** The playlist's video ids in the order the owner sees them: by sort key, ties by id bytes (a Redis ZSET's order). */
export function orderedVideoIds(state: PlaylistState): string[] {
  return [...state.videos]
    .sort(([a, ka], [b, kb]) => (ka < kb ? -1 : ka > kb ? 1 : Buffer.compare(Buffer.from(a), Buffer.from(b))))
    .map(([videoId]) => videoId);
}

/**
 * A fresh addition's key is its position. Events just appended are folded before the store
 * told their position; their position is larger than every key so far, and so is max + 1:
 * the order comes out the same.
 */
function additionKey(state: PlaylistState, event: StoredEvent, order: string | undefined): bigint {
  if (order !== undefined) return BigInt(order);
  const position = (event as { position?: bigint }).position;
  if (typeof position === 'bigint') return position;
  let max = -1n;
  for (const key of state.videos.values()) if (key > max) max = key;
  return max + 1n;
}

function evolve(state: PlaylistState, event: StoredEvent): PlaylistState {
  const e = event as PlaylistEvent;
  switch (e.type) {
    case 'PlaylistCreated':
      return { status: 'active', ownerId: e.data.userId, title: e.data.title, description: e.data.description, videos: new Map() };
    case 'PlaylistDeleted':
      return { ...state, status: 'deleted', videos: new Map() };
    case 'PlaylistRestored': {
      const videos = new Map(e.data.videos.map((v) => [v.videoId, BigInt(v.order)] as const));
      return { status: 'active', ownerId: e.data.userId, title: e.data.title, description: e.data.description, videos };
    }
    case 'VideoAddedToPlaylist':
      return { ...state, videos: new Map(state.videos).set(e.data.videoId, additionKey(state, event, e.data.order)) };
    case 'VideoRemovedFromPlaylist': {
      const videos = new Map(state.videos);
      videos.delete(e.data.videoId);
      return { ...state, videos };
    }
    case 'PlaylistDetailsChanged':
      return { ...state, title: e.data.title, description: e.data.description };
    case 'PlaylistReordered':
      return { ...state, videos: new Map(reorderedKeys(e.data)) };
    default:
      return state;
  }
}

/** Another user's playlist answers exactly like a missing one: its existence is not revealed. */
function requireOwnActive(state: PlaylistState, userId: string): void {
  if (state.status !== 'active' || state.ownerId !== userId) throw new DomainError('PLAYLIST_NOT_FOUND');
}

function decide(command: PlaylistCommand, state: PlaylistState): PlaylistEvent[] {
  switch (command.type) {
    case 'CreatePlaylist': {
      // Ids are fresh UUIDs; reuse would be a bug, never a user error.
      if (state.status !== 'absent') throw new Error(`Playlist ${command.playlistId} already exists`);
      const { type: _type, ...data } = command;
      return [{ type: 'PlaylistCreated', data }];
    }
    case 'DeletePlaylist':
      requireOwnActive(state, command.userId);
      return [{ type: 'PlaylistDeleted', data: { playlistId: command.playlistId, userId: command.userId } }];
    case 'AddVideoToPlaylist': {
      requireOwnActive(state, command.userId);
      if (state.videos.has(command.videoId)) throw new DomainError('ALREADY_IN_PLAYLIST');
      return [{ type: 'VideoAddedToPlaylist', data: videoRef(command) }];
    }
    case 'RemoveVideoFromPlaylist':
      requireOwnActive(state, command.userId);
      if (!state.videos.has(command.videoId)) return [];
      return [{ type: 'VideoRemovedFromPlaylist', data: videoRef(command) }];
    case 'ChangeDetails':
      return changeDetails(command, state);
    case 'Reorder':
      return reorder(command, state);
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The event carries the resulting title and description, so the projection only assigns them. */
function changeDetails(command: Extract<PlaylistCommand, { type: 'ChangeDetails' }>, state: PlaylistState): PlaylistEvent[] {
  requireOwnActive(state, command.userId);
  const title = command.title ?? state.title!;
  const description = command.description ?? state.description;
  if (title === state.title && description === state.description) return [];
  const { userId, playlistId } = command;
  return [{ type: 'PlaylistDetailsChanged', data: { playlistId, userId, title, ...(description !== undefined && { description }) } }];
}

function reorder(command: Extract<PlaylistCommand, { type: 'Reorder' }>, state: PlaylistState): PlaylistEvent[] {
  requireOwnActive(state, command.userId);
  const videoIds = orderedVideoIds(state);
  const from = videoIds.indexOf(command.videoId);
  if (from === -1) throw new DomainError('VIDEO_NOT_IN_PLAYLIST');
  const { toIndex } = command;
  if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= videoIds.length) throw new DomainError('PLAYLIST_INDEX_OUT_OF_RANGE');
  if (toIndex === from) return [];
  videoIds.splice(from, 1);
  videoIds.splice(toIndex, 0, command.videoId);
  const { userId, playlistId, videoId } = command;
  return [{ type: 'PlaylistReordered', data: { playlistId, userId, videoId, toIndex, videoIds } }];
}

const videoRef = ({ userId, playlistId, videoId }: PlaylistVideoRef): PlaylistVideoRef => ({ userId, playlistId, videoId });

const STATUSES: readonly PlaylistState['status'][] = ['absent', 'active', 'deleted'];

/** Sort keys are bigints: written as decimal strings. */
const playlistSnapshot: SnapshotCodec<PlaylistState> = {
  version: 1,
  encode: ({ status, ownerId, title, description, videos }) => ({
    status,
    ownerId,
    title,
    description,
    videos: [...videos].map(([videoId, key]) => [videoId, key.toString()]),
  }),
  decode: (json) => {
    const doc = asObject(json);
    const status = STATUSES.find((s) => s === doc.status);
    if (!status) throw new TypeError('snapshot: unknown playlist status');
    const videos = new Map(asStringPairs(doc.videos).map(([videoId, key]): [string, bigint] => [videoId, BigInt(key)]));
    return {
      status,
      ownerId: asOptionalString(doc.ownerId),
      title: asOptionalString(doc.title),
      description: asOptionalString(doc.description),
      videos,
    };
  },
};

export const playlistDecider: Decider<PlaylistCommand, PlaylistEvent, PlaylistState> = {
  name: 'playlist',
  initialState,
  evolve,
  decide,
  snapshot: playlistSnapshot,
};
