import type { NewEvent } from '../event-store/event-store.port';
import type { AppEvent, HistoryEntryData } from '../events/app-events';
import { Library, LibraryEvent, foldLibrary } from './library-fold';
import { byOrder } from './library-snapshot';

/**
 * The list actions undo reverts. Anything else (signing up, pausing or resuming history, an event
 * type newer than this code) changes no list: undo walks past it.
 */
const UNDOABLE: ReadonlySet<string> = new Set([
  'VideoLiked',
  'VideoUnliked',
  'VideoAddedToWatchLater',
  'VideoRemovedFromWatchLater',
  'VideoWatched',
  'VideoRemovedFromHistory',
  'HistoryCleared',
  'HistoryRemovedBefore',
  'PlaylistCreated',
  'PlaylistDeleted',
  'VideoAddedToPlaylist',
  'VideoRemovedFromPlaylist',
  'PlaylistDetailsChanged',
  'PlaylistReordered',
]);

export interface UndoPlan {
  /** The event being reverted. */
  readonly target: LibraryEvent;
  readonly stream: string;
  /** The revision of `stream` the plan was made on: a concurrent change makes the append fail. */
  readonly expectedRevision: number;
  readonly events: NewEvent[];
}

const undoesOf = (event: LibraryEvent): string | undefined => (event.data as { undoes?: unknown }).undoes as string | undefined;

/**
 * The user's most recent list action that is still in effect, newest first: a compensation (an
 * event with `undoes`) is skipped together with the event it reverted, so repeated undos walk back
 * through the user's actions like a stack, and an undo is never itself undone.
 */
export function findUndoTarget(events: readonly LibraryEvent[]): number {
  const reverted = new Set<string>();
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    const undoes = undoesOf(event);
    if (undoes !== undefined) reverted.add(undoes);
    else if (!reverted.has(event.position.toString()) && UNDOABLE.has(event.type)) return i;
  }
  return -1;
}

/** The compensating event for the user's most recent list action, or undefined when there is none. */
export function planUndo(events: readonly LibraryEvent[]): UndoPlan | undefined {
  const index = findUndoTarget(events);
  if (index < 0) return undefined;
  const target = events[index]!;
  const before = foldLibrary(events.slice(0, index));
  const expectedRevision = Math.max(...events.filter((e) => e.streamId === target.streamId).map((e) => e.revision));
  return { target, stream: target.streamId, expectedRevision, events: [compensation(target, before)] };
}

/** The inverse of `target`, computed from the library as it was just before it. */
export function compensation(target: LibraryEvent, before: Library): NewEvent {
  const undoes = target.position.toString();
  const e = { type: target.type, data: target.data } as AppEvent;
  const back = <T>(map: ReadonlyMap<string, T>, videoId: string): T => {
    const value = map.get(videoId);
    if (value === undefined) throw new Error(`Cannot undo ${e.type} at ${undoes}: ${videoId} was not there before`);
    return value;
  };
  switch (e.type) {
    case 'VideoLiked':
      return { type: 'VideoUnliked', data: { userId: e.data.userId, videoId: e.data.videoId, undoes } };
    case 'VideoAddedToWatchLater':
      return { type: 'VideoRemovedFromWatchLater', data: { userId: e.data.userId, videoId: e.data.videoId, undoes } };
    case 'VideoWatched':
      return { type: 'VideoRemovedFromHistory', data: { userId: e.data.userId, videoId: e.data.videoId, undoes } };
    case 'VideoAddedToPlaylist':
      return { type: 'VideoRemovedFromPlaylist', data: { ...playlistVideo(e.data), undoes } };
    case 'VideoUnliked': {
      const order = back(before.likes, e.data.videoId).toString();
      return { type: 'VideoLiked', data: { userId: e.data.userId, videoId: e.data.videoId, order, undoes } };
    }
    case 'VideoRemovedFromWatchLater': {
      const order = back(before.watchlater, e.data.videoId).toString();
      return { type: 'VideoAddedToWatchLater', data: { userId: e.data.userId, videoId: e.data.videoId, order, undoes } };
    }
    case 'VideoRemovedFromHistory': {
      const { order, watchedAt } = back(before.history, e.data.videoId);
      return { type: 'VideoWatched', data: { userId: e.data.userId, videoId: e.data.videoId, watchedAt, order: order.toString(), undoes } };
    }
    case 'VideoRemovedFromPlaylist': {
      const order = back(back(before.playlists, e.data.playlistId).videos, e.data.videoId).toString();
      return { type: 'VideoAddedToPlaylist', data: { ...playlistVideo(e.data), order, undoes } };
    }
    case 'HistoryCleared':
    case 'HistoryRemovedBefore': {
      const removed = e.type === 'HistoryCleared' ? [...before.history.keys()] : e.data.videoIds.filter((id) => before.history.has(id));
      const entries: HistoryEntryData[] = removed.map((videoId) => {
        const { order, watchedAt } = before.history.get(videoId)!;
        return { videoId, watchedAt, order: order.toString() };
      });
      return { type: 'HistoryRestored', data: { userId: e.data.userId, entries, undoes } };
    }
    case 'PlaylistCreated':
      return { type: 'PlaylistDeleted', data: { playlistId: e.data.playlistId, userId: e.data.userId, undoes } };
    case 'PlaylistDeleted': {
      const { meta, order, videos } = back(before.playlists, e.data.playlistId);
      const { _id: playlistId, ...details } = meta;
      const restored = [...videos].map(([videoId, key]) => ({ videoId, order: key.toString() }));
      return {
        type: 'PlaylistRestored',
        data: { playlistId, userId: e.data.userId, ...details, order: order.toString(), videos: restored, undoes },
      };
    }
    case 'PlaylistDetailsChanged': {
      const { title, description } = back(before.playlists, e.data.playlistId).meta;
      const data = {
        playlistId: e.data.playlistId,
        userId: e.data.userId,
        title,
        ...(description !== undefined && { description }),
        undoes,
      };
      return { type: 'PlaylistDetailsChanged', data };
    }
    case 'PlaylistReordered': {
      const { videos } = back(before.playlists, e.data.playlistId);
      const videoIds = byOrder(videos, (order) => order);
      return {
        type: 'PlaylistReordered',
        data: {
          playlistId: e.data.playlistId,
          userId: e.data.userId,
          videoId: e.data.videoId,
          toIndex: videoIds.indexOf(e.data.videoId),
          videoIds,
          orders: videoIds.map((videoId) => videos.get(videoId)!.toString()),
          undoes,
        },
      };
    }
    case 'UserSignedUp':
    case 'HistoryPaused':
    case 'HistoryResumed':
    case 'HistoryRestored':
    case 'PlaylistRestored':
      throw new Error(`${e.type} is not a list action that undo reverts`);
    default: {
      const unknown: never = e;
      throw new Error(`Cannot undo ${(unknown as { type: string }).type}`);
    }
  }
}

const playlistVideo = ({ userId, playlistId, videoId }: { userId: string; playlistId: string; videoId: string }) => ({
  userId,
  playlistId,
  videoId,
});
