import { PlannedCommand, plan } from '../../lists/all-lists';
import type { ListDefinition, ListEvent } from '../../lists/decider';
import { historyList } from '../../lists/history.list';
import { Library, activePlaylists } from '../../lists/library';
import type { DocumentHistoryEntry, DocumentPlaylist } from '../../lists/library-document';
import { playlistList } from '../../lists/playlist.list';
import { likesList, watchLaterList } from '../../lists/video-set.list';

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

/** What each decided event adds to the answer's counts. */
const COUNTED_AS: Readonly<Record<string, keyof ImportCounts>> = {
  VideoLiked: 'likes',
  VideoAddedToWatchLater: 'watchlater',
  VideoWatched: 'history',
  PlaylistCreated: 'playlists',
  VideoAddedToPlaylist: 'playlistVideos',
};

/** Adds what these decided events import to `counts`. */
export function countImported(events: readonly { readonly type: string }[], counts = noCounts()): ImportCounts {
  for (const { type } of events) if (COUNTED_AS[type]) counts[COUNTED_AS[type]!] += 1;
  return counts;
}

export interface ImportPlan {
  /** One command per stream, each for that list's decider: it adds only what is missing. */
  readonly commands: { readonly stream: string; readonly command: PlannedCommand }[];
  /** Ids the catalogue does not know, in the order first met: reported, never written. */
  readonly unknownVideoIds: string[];
}

export interface ImportContext {
  readonly userId: string;
  /** The user's library now: its playlists are matched by title. */
  readonly library: Library;
  readonly isKnownVideo: (videoId: string) => boolean;
  readonly newPlaylistId: () => string;
}

/**
 * Turns an import into ordinary commands, one per stream. The deciders skip what is already
 * there, so importing the same file twice changes nothing. Playlists are matched by title (the
 * n-th of a title in the file to the n-th existing one).
 */
export function planImport(request: ImportRequest, context: ImportContext): ImportPlan {
  const { userId, library } = context;
  const unknown = new Set<string>();
  const known = (videoIds: readonly string[]) => videoIds.filter((id) => context.isKnownVideo(id) || (unknown.add(id), false));
  const commands: ImportPlan['commands'] = [];
  const add = <C, E extends ListEvent, S>(list: ListDefinition<C, E, S>, command: C, wanted: number) => {
    if (wanted > 0) commands.push({ stream: list.streamOf(command), command: plan(list, command) });
  };

  const likes = known(request.likes);
  add(likesList, { type: 'ImportVideos', userId, videoIds: likes }, likes.length);
  const saved = known(request.watchlater);
  add(watchLaterList, { type: 'ImportVideos', userId, videoIds: saved }, saved.length);
  const entries = request.history.filter((entry) => known([entry.videoId]).length > 0);
  const paused = request.settings?.historyPaused;
  add(historyList, { type: 'Import', userId, entries, paused }, entries.length + (paused === undefined ? 0 : 1));

  const byTitle = new Map<string, string[]>();
  for (const [id, { title }] of activePlaylists(library)) byTitle.set(title!, [...(byTitle.get(title!) ?? []), id]);
  for (const { title, description, playlistImg, videoIds } of request.playlists) {
    const playlistId = byTitle.get(title)?.shift() ?? context.newPlaylistId();
    const created = {
      playlistId,
      userId,
      title,
      ...(description !== undefined && { description }),
      ...(playlistImg !== undefined && { playlistImg }),
    };
    add(playlistList, { type: 'ImportPlaylist', ...created, videoIds: known(videoIds) }, 1);
  }
  return { commands, unknownVideoIds: [...unknown] };
}
