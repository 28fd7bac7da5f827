import { api } from '@/lib/api';
import type { Playlist, Video } from '@/lib/types';

/** GET /user/library?asOf=: the user's lists as they were then, in the shapes of the list routes. */
interface LibrarySnapshot {
  asOf: string;
  likes: Video[];
  watchlater: Video[];
  history: Video[];
  playlists: Playlist[];
}

// No tags: what the library held at a past moment never changes, whatever the user does now.
const librarySnapshotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLibraryAsOf: build.query<LibrarySnapshot, string>({
      query: (asOf) => ({ url: '/user/library', params: { asOf } }),
    }),
  }),
});

export const { useGetLibraryAsOfQuery } = librarySnapshotApi;
