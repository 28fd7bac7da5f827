import { api } from '@/app/api';
import type { Playlist, Video } from '@/app/types';

/** GET /user/library?asOf=: the user's lists as they were then, in the shapes of the list routes. */
export interface LibrarySnapshot {
  asOf: string;
  likes: Video[];
  watchlater: Video[];
  history: Video[];
  playlists: Playlist[];
}

export interface SnapshotKey {
  token: string;
  asOf: string;
}

// No tags: what the library held at a past moment never changes, whatever the user does now.
export const librarySnapshotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLibraryAsOf: build.query<LibrarySnapshot, SnapshotKey>({
      query: ({ asOf }) => ({ url: '/user/library', params: { asOf } }),
    }),
  }),
});

export const { useGetLibraryAsOfQuery } = librarySnapshotApi;
