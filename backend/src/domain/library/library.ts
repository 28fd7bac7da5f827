import type { StoredEvent } from '../../events/event';
import type { PlaylistMeta, UserSettings } from '../../read-model/read-model.port';
import { isEventOf } from '../decider';
import { HistoryState, historyList } from '../history/history.list';
import { playlistList, playlistMeta } from '../playlist/playlist.list';
import { PlaylistState } from '../playlist/playlist.state';
import { SubscriptionsState, subscriptionsList } from '../subscriptions/subscriptions.list';
import { byKey, byOrder } from '../sort-keys';
import { VideoSetState, likesList, watchLaterList } from '../video-set/video-set.list';

/** A user's whole library: each list's own state, folded by that list's own evolve. */
export interface Library {
  readonly likes: VideoSetState;
  readonly watchlater: VideoSetState;
  readonly history: HistoryState;
  /** Every playlist the user ever created, by id (deleted ones included, with their status). */
  readonly playlists: ReadonlyMap<string, PlaylistState>;
  /** Channels followed. Playback progress and the account are not part of the library. */
  readonly subscriptions: SubscriptionsState;
}

/** A library before any event. */
export const emptyLibrary = (): Library => ({
  likes: likesList.initialState(),
  watchlater: watchLaterList.initialState(),
  history: historyList.initialState(),
  playlists: new Map(),
  subscriptions: subscriptionsList.initialState(),
});

/**
 * The user's library from their events (merged in position order), counting only events stored at
 * or before `asOf` when it is given. Each event goes to its list's evolve: the same fold the
 * deciders use, so time-travel, export and undo agree with what the commands decide.
 */
export function foldLibrary(events: readonly StoredEvent[], asOf?: Date): Library {
  return foldLibraryFrom(emptyLibrary(), events, asOf);
}

/**
 * `foldLibrary` continued from a library already folded (a checkpoint's): folding a prefix and then
 * the rest gives exactly the fold of the whole. `start` is not changed.
 */
export function foldLibraryFrom(start: Library, events: readonly StoredEvent[], asOf?: Date): Library {
  const until = asOf?.getTime();
  let { likes, watchlater, history, subscriptions } = start;
  const playlists = new Map(start.playlists);
  for (const event of events) {
    if (until !== undefined && Date.parse(event.createdAt) > until) continue;
    if (isEventOf(likesList, event)) likes = likesList.evolve(likes, event);
    else if (isEventOf(watchLaterList, event)) watchlater = watchLaterList.evolve(watchlater, event);
    else if (isEventOf(historyList, event)) history = historyList.evolve(history, event);
    else if (isEventOf(subscriptionsList, event)) subscriptions = subscriptionsList.evolve(subscriptions, event);
    else if (isEventOf(playlistList, event)) {
      const { playlistId } = event.data;
      playlists.set(playlistId, playlistList.evolve(playlists.get(playlistId) ?? playlistList.initialState(), event));
    }
  }
  return { likes, watchlater, history, playlists, subscriptions };
}

export interface LibrarySnapshot {
  readonly likes: string[];
  readonly watchlater: string[];
  readonly history: { readonly videoId: string; readonly watchedAt: string }[];
  readonly playlists: (PlaylistMeta & { readonly videoIds: string[] })[];
  readonly settings: UserSettings;
  /** Channel ids, oldest subscription first. */
  readonly subscriptions: string[];
}

/** The playlists that exist (created or restored, not deleted), in their order among the user's. */
export function activePlaylists(library: Library): [string, PlaylistState][] {
  const active = new Map([...library.playlists].filter(([, playlist]) => playlist.status === 'active'));
  return byOrder(active, (playlist) => playlist.order).map((id) => [id, active.get(id)!]);
}

/** The library as ordered lists (oldest / first in place first), playlists in their order. */
export function snapshotOf(library: Library): LibrarySnapshot {
  const { watched } = library.history;
  return {
    likes: byKey(library.likes.videos),
    watchlater: byKey(library.watchlater.videos),
    history: byOrder(watched, (entry) => entry.order).map((videoId) => ({ videoId, watchedAt: watched.get(videoId)!.watchedAt })),
    playlists: activePlaylists(library).map(([playlistId, { title, description, playlistImg, visibility, videos }]) => ({
      ...playlistMeta({ playlistId, title: title!, description, playlistImg, visibility }),
      videoIds: byKey(videos),
    })),
    settings: { historyPaused: library.history.paused, historyRetention: library.history.retention },
    subscriptions: byKey(library.subscriptions.channels),
  };
}
