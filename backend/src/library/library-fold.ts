import type { RecordedEvent } from '../event-store/event-store.port';
import type { AppEvent, PlaylistCreatedData } from '../events/app-events';
import { reorderedKeys, sortKey } from '../events/sort-keys';

/** What the fold needs of a stored event: planners also use its stream and revision. */
export type LibraryEvent = Pick<RecordedEvent, 'streamId' | 'revision' | 'position' | 'type' | 'data' | 'createdAt'>;

export interface HistoryEntry {
  readonly order: bigint;
  /** The event's watchedAt; older events lack it, so their createdAt stands in. */
  readonly watchedAt: string;
}

export interface PlaylistMetaData {
  readonly _id: string;
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
}

export interface FoldedPlaylist {
  readonly meta: PlaylistMetaData;
  /** Sort key among the user's playlists: the creation position, or the order a restore carried. */
  readonly order: bigint;
  /** Video id → sort key. */
  readonly videos: Map<string, bigint>;
}

/** The user's lists as the projection builds them, with every entry's sort key (`order ?? position`). */
export interface Library {
  readonly likes: Map<string, bigint>;
  readonly watchlater: Map<string, bigint>;
  readonly history: Map<string, HistoryEntry>;
  /** Playlists that exist (created or restored, not deleted). */
  readonly playlists: Map<string, FoldedPlaylist>;
  readonly settings: { historyPaused: boolean };
}

export const emptyLibrary = (): Library => ({
  likes: new Map(),
  watchlater: new Map(),
  history: new Map(),
  playlists: new Map(),
  settings: { historyPaused: false },
});

/**
 * The user's library from their events (merged in position order), counting only events stored at
 * or before `asOf` when it is given. Pure, and it mirrors the projection rule for rule, so that
 * time-travel, export and undo agree with what the list routes serve.
 */
export function foldLibrary(events: readonly LibraryEvent[], asOf?: Date): Library {
  const library = emptyLibrary();
  const until = asOf?.getTime();
  for (const event of events) {
    if (until !== undefined && Date.parse(event.createdAt) > until) continue;
    evolveLibrary(library, event);
  }
  return library;
}

const meta = ({ playlistId, title, description, playlistImg }: PlaylistCreatedData): PlaylistMetaData => ({
  _id: playlistId,
  title,
  ...(description !== undefined && { description }),
  ...(playlistImg !== undefined && { playlistImg }),
});

/** Applies one event to the library in place; events of other kinds are ignored. */
export function evolveLibrary(library: Library, event: LibraryEvent): void {
  const e = { type: event.type, data: event.data } as AppEvent;
  switch (e.type) {
    case 'VideoLiked':
      library.likes.set(e.data.videoId, sortKey(e.data.order, event.position));
      return;
    case 'VideoUnliked':
      library.likes.delete(e.data.videoId);
      return;
    case 'VideoAddedToWatchLater':
      library.watchlater.set(e.data.videoId, sortKey(e.data.order, event.position));
      return;
    case 'VideoRemovedFromWatchLater':
      library.watchlater.delete(e.data.videoId);
      return;
    case 'VideoWatched':
      library.history.set(e.data.videoId, { order: sortKey(e.data.order, event.position), watchedAt: e.data.watchedAt ?? event.createdAt });
      return;
    case 'VideoRemovedFromHistory':
      library.history.delete(e.data.videoId);
      return;
    case 'HistoryCleared':
      library.history.clear();
      return;
    case 'HistoryRemovedBefore':
      for (const videoId of e.data.videoIds) library.history.delete(videoId);
      return;
    case 'HistoryRestored':
      for (const { videoId, watchedAt, order } of e.data.entries) library.history.set(videoId, { order: BigInt(order), watchedAt });
      return;
    case 'HistoryPaused':
    case 'HistoryResumed':
      library.settings.historyPaused = e.type === 'HistoryPaused';
      return;
    case 'PlaylistCreated':
      library.playlists.set(e.data.playlistId, { meta: meta(e.data), order: event.position, videos: new Map() });
      return;
    case 'PlaylistRestored':
      library.playlists.set(e.data.playlistId, {
        meta: meta(e.data),
        order: BigInt(e.data.order),
        videos: new Map(e.data.videos.map((v) => [v.videoId, BigInt(v.order)])),
      });
      return;
    case 'PlaylistDeleted':
      library.playlists.delete(e.data.playlistId);
      return;
    case 'PlaylistDetailsChanged': {
      const playlist = library.playlists.get(e.data.playlistId);
      if (!playlist) return;
      // The event carries the resulting title and description; the image is not part of the details.
      const { title, description } = e.data;
      const { playlistImg } = playlist.meta;
      const changed = {
        _id: playlist.meta._id,
        title,
        ...(description !== undefined && { description }),
        ...(playlistImg && { playlistImg }),
      };
      library.playlists.set(e.data.playlistId, { ...playlist, meta: changed });
      return;
    }
    case 'PlaylistReordered': {
      const playlist = library.playlists.get(e.data.playlistId);
      if (!playlist) return;
      // The resulting order replaces the set.
      playlist.videos.clear();
      for (const [videoId, key] of reorderedKeys(e.data)) playlist.videos.set(videoId, key);
      return;
    }
    case 'VideoAddedToPlaylist':
      library.playlists.get(e.data.playlistId)?.videos.set(e.data.videoId, sortKey(e.data.order, event.position));
      return;
    case 'VideoRemovedFromPlaylist':
      library.playlists.get(e.data.playlistId)?.videos.delete(e.data.videoId);
      return;
    case 'UserSignedUp':
      return;
    default: {
      // A newer event type: not a list change this code knows.
      const _ignored: never = e;
      return;
    }
  }
}
