import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { RootState } from './store';

// One API slice for the whole app; features add their endpoints with injectEndpoints.
// Each user list has its own tag so that a failed write can resync just that list; an undo or an
// import changes any of them, so those invalidate LIST_TAGS.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as RootState).auth.token;
      // The contract sends the raw token, without a "Bearer" prefix.
      if (token) headers.set('authorization', token);
      return headers;
    },
  }),
  tagTypes: ['Videos', 'Categories', 'Likes', 'WatchLater', 'History', 'HistorySearch', 'Playlists', 'Settings'],
  endpoints: () => ({}),
});

/** Every tag that holds a user's library: what an undo or an import may have changed. */
export const LIST_TAGS = ['Likes', 'WatchLater', 'History', 'HistorySearch', 'Playlists', 'Settings'] as const;
