import type { HistoryRetention } from '../../events/app-events';
import type { LibrarySnapshot } from './library';

export const LIBRARY_FORMAT = 'techtube-library';
export const LIBRARY_VERSION = 1;

export interface DocumentPlaylist {
  readonly _id?: string;
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
  /** Absent: private. Informative: an import creates private playlists (publishing is the user's own act). */
  readonly visibility?: string;
  readonly videoIds: readonly string[];
}

export interface DocumentHistoryEntry {
  readonly videoId: string;
  readonly watchedAt: string;
}

/** The export document (version 1): lists oldest first, playlists in creation order, their videos in order. */
export interface LibraryDocument {
  readonly format: typeof LIBRARY_FORMAT;
  readonly version: typeof LIBRARY_VERSION;
  readonly exportedAt: string;
  /** `historyRetention` added with history auto-delete: older documents lack it (an import then leaves the setting as it is). */
  readonly settings: { readonly historyPaused: boolean; readonly historyRetention?: HistoryRetention };
  readonly likes: readonly string[];
  readonly watchlater: readonly string[];
  readonly history: readonly DocumentHistoryEntry[];
  readonly playlists: readonly DocumentPlaylist[];
  /** Channel ids followed, oldest first (added with subscriptions: older documents lack it). */
  readonly subscriptions?: readonly string[];
}

export function libraryDocument(snapshot: LibrarySnapshot, exportedAt: Date): LibraryDocument {
  return {
    format: LIBRARY_FORMAT,
    version: LIBRARY_VERSION,
    exportedAt: exportedAt.toISOString(),
    settings: { historyPaused: snapshot.settings.historyPaused, historyRetention: snapshot.settings.historyRetention },
    likes: snapshot.likes,
    watchlater: snapshot.watchlater,
    history: snapshot.history.map(({ videoId, watchedAt }) => ({ videoId, watchedAt })),
    playlists: snapshot.playlists.map(({ _id, title, description, playlistImg, visibility, videoIds }) => ({
      _id,
      title,
      ...(description !== undefined && { description }),
      ...(playlistImg !== undefined && { playlistImg }),
      ...(visibility !== undefined && { visibility }),
      videoIds,
    })),
    subscriptions: snapshot.subscriptions,
  };
}

/** `techtube-library-YYYY-MM-DD.json`, the UTC date of the export. */
export const exportFileName = (exportedAt: Date) => `techtube-library-${exportedAt.toISOString().slice(0, 10)}.json`;
