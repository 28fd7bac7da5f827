import { api } from '@/lib/api';
import type { LibrarySnapshot } from '@/lib/types';

// No tags: what the library held at a past moment never changes, whatever the user does now.
const librarySnapshotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLibraryAsOf: build.query<LibrarySnapshot, string>({
      query: (asOf) => ({ url: '/user/library', params: { asOf } }),
    }),
  }),
});

export const { useGetLibraryAsOfQuery } = librarySnapshotApi;
