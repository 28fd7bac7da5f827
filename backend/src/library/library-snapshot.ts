import type { Library, PlaylistMetaData } from './library-fold';

/** Ids by sort key, ties broken by the ids' bytes: exactly the read models' order (a Redis ZSET's). */
export function byOrder<T>(entries: ReadonlyMap<string, T>, order: (value: T) => bigint): string[] {
  return [...entries]
    .map(([id, value]) => [id, order(value)] as const)
    .sort(([a, pa], [b, pb]) => (pa < pb ? -1 : pa > pb ? 1 : Buffer.compare(Buffer.from(a), Buffer.from(b))))
    .map(([id]) => id);
}

const self = (order: bigint) => order;

export interface LibrarySnapshot {
  readonly likes: string[];
  readonly watchlater: string[];
  readonly history: { readonly videoId: string; readonly watchedAt: string }[];
  readonly playlists: (PlaylistMetaData & { readonly videoIds: string[] })[];
  readonly settings: { readonly historyPaused: boolean };
}

/** The library as ordered lists (oldest / first in place first), playlists in their order. */
export function snapshotOf(library: Library): LibrarySnapshot {
  return {
    likes: byOrder(library.likes, self),
    watchlater: byOrder(library.watchlater, self),
    history: byOrder(library.history, (e) => e.order).map((videoId) => ({ videoId, watchedAt: library.history.get(videoId)!.watchedAt })),
    playlists: byOrder(library.playlists, (p) => p.order).map((id) => {
      const playlist = library.playlists.get(id)!;
      return { ...playlist.meta, videoIds: byOrder(playlist.videos, self) };
    }),
    settings: { ...library.settings },
  };
}
