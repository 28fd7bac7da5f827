import type { ExpectedRevision, NewEvent } from '../event-store/event-store.port';
import { streams } from '../events/app-events';
import type { DocumentHistoryEntry, DocumentPlaylist } from './library-document';
import type { Library } from './library-fold';
import { byOrder } from './library-snapshot';

/** A validated import: a library document, or a CSV already turned into one playlist. */
export interface ImportRequest {
  readonly likes: readonly string[];
  readonly watchlater: readonly string[];
  readonly history: readonly DocumentHistoryEntry[];
  readonly playlists: readonly DocumentPlaylist[];
  readonly settings?: { readonly historyPaused: boolean };
}

export interface ImportCounts {
  likes: number;
  watchlater: number;
  history: number;
  playlists: number;
  playlistVideos: number;
}

export const noCounts = (): ImportCounts => ({ likes: 0, watchlater: 0, history: 0, playlists: 0, playlistVideos: 0 });

/** One append: the events for one stream, decided on the revision that was read. */
export interface StreamAppend {
  readonly stream: string;
  readonly expectedRevision: ExpectedRevision;
  readonly events: NewEvent[];
  /** What these events add, counted once they are stored. */
  readonly counts: Partial<ImportCounts>;
}

export interface ImportPlan {
  readonly appends: StreamAppend[];
  /** Ids the catalogue does not know, in the order first met: reported, never written. */
  readonly unknownVideoIds: string[];
}

export interface ImportContext {
  readonly userId: string;
  /** The user's library now, and the revision each of their streams was read at. */
  readonly library: Library;
  readonly revisions: ReadonlyMap<string, number>;
  readonly isKnownVideo: (videoId: string) => boolean;
  readonly newPlaylistId: () => string;
}

/**
 * Only what is missing is written, as ordinary events: so importing the same file twice changes
 * nothing, and an import into a library that already holds part of it only adds the rest.
 * Playlists are matched by title (the n-th of a title in the file to the n-th existing one).
 */
export function planImport(request: ImportRequest, context: ImportContext): ImportPlan {
  const { userId, library, revisions } = context;
  const unknown = new Set<string>();
  const known = (videoId: string) => context.isKnownVideo(videoId) || (unknown.add(videoId), false);
  const revision = (stream: string): ExpectedRevision => revisions.get(stream) ?? 'no_stream';
  const appends: StreamAppend[] = [];
  const push = (stream: string, events: NewEvent[], counts: Partial<ImportCounts>) => {
    if (events.length > 0) appends.push({ stream, expectedRevision: revision(stream), events, counts });
  };

  const likes = missing(request.likes, known, library.likes);
  push(
    streams.likes(userId),
    likes.map((videoId) => ({ type: 'VideoLiked', data: { userId, videoId } })),
    { likes: likes.length },
  );

  const saved = missing(request.watchlater, known, library.watchlater);
  const savedEvents = saved.map((videoId) => ({ type: 'VideoAddedToWatchLater', data: { userId, videoId } }));
  push(streams.watchLater(userId), savedEvents, { watchlater: saved.length });

  const watchedAt = new Map<string, string>();
  for (const entry of request.history) if (!watchedAt.has(entry.videoId)) watchedAt.set(entry.videoId, entry.watchedAt);
  const watched = missing([...watchedAt.keys()], known, library.history);
  const historyEvents: NewEvent[] = watched.map((videoId) => ({
    type: 'VideoWatched',
    data: { userId, videoId, watchedAt: watchedAt.get(videoId) },
  }));
  const paused = request.settings?.historyPaused;
  if (paused !== undefined && paused !== library.settings.historyPaused) {
    historyEvents.push({ type: paused ? 'HistoryPaused' : 'HistoryResumed', data: { userId } });
  }
  push(streams.history(userId), historyEvents, { history: watched.length });

  const byTitle = new Map<string, string[]>();
  for (const id of byOrder(library.playlists, (p) => p.order)) {
    const title = library.playlists.get(id)!.meta.title;
    byTitle.set(title, [...(byTitle.get(title) ?? []), id]);
  }
  for (const playlist of request.playlists) {
    const existingId = byTitle.get(playlist.title)?.shift();
    const playlistId = existingId ?? context.newPlaylistId();
    const videos = missing(playlist.videoIds, known, library.playlists.get(playlistId)?.videos ?? new Map());
    const events: NewEvent[] = videos.map((videoId) => ({ type: 'VideoAddedToPlaylist', data: { userId, playlistId, videoId } }));
    if (existingId === undefined) {
      const { title, description, playlistImg } = playlist;
      const created = {
        playlistId,
        userId,
        title,
        ...(description !== undefined && { description }),
        ...(playlistImg !== undefined && { playlistImg }),
      };
      events.unshift({ type: 'PlaylistCreated', data: created });
    }
    push(streams.playlist(playlistId), events, { playlists: existingId === undefined ? 1 : 0, playlistVideos: videos.length });
  }
  return { appends, unknownVideoIds: [...unknown] };
}

/** Ids of `wanted` (first occurrence, in order) the catalogue knows and `present` lacks. */
function missing(wanted: readonly string[], known: (videoId: string) => boolean, present: ReadonlyMap<string, unknown>): string[] {
  return [...new Set(wanted)].filter((videoId) => known(videoId) && !present.has(videoId));
}
