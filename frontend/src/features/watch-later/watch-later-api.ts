import { api } from '@/app/api';
import { optimisticThenServer, sameList } from '@/app/optimistic-update';
import { tokenOf } from '@/app/session-token';
import type { Video } from '@/app/types';

type WatchLaterResponse = { watchlater: Video[] };
const toList = (response: WatchLaterResponse) => response.watchlater;

// Keyed by session token, like the likes list.
const watchLaterQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getWatchLater: build.query<Video[], string>({
      // SPEC §7: existing clients read this list with a trailing slash.
      query: () => '/user/watchlater/',
      transformResponse: toList,
      providesTags: ['WatchLater'],
    }),
  }),
});

export const watchLaterApi = watchLaterQuery.injectEndpoints({
  endpoints: (build) => ({
    addToWatchLater: build.mutation<Video[], Video>({
      query: (video) => ({ url: '/user/watchlater', method: 'POST', body: { video } }),
      transformResponse: toList,
      invalidatesTags: (_result, error) => (error ? ['WatchLater'] : []),
      onQueryStarted: (video, lifecycle) =>
        optimisticThenServer<Video[], Video[]>(
          lifecycle,
          (recipe) => watchLaterQuery.util.updateQueryData('getWatchLater', tokenOf(lifecycle), recipe),
          (list) => (list.some((v) => v._id === video._id) ? list : [...list, video]),
          sameList,
        ),
    }),
    removeFromWatchLater: build.mutation<Video[], Video>({
      query: (video) => ({ url: `/user/watchlater/${encodeURIComponent(video._id)}`, method: 'DELETE' }),
      transformResponse: toList,
      invalidatesTags: (_result, error) => (error ? ['WatchLater'] : []),
      onQueryStarted: (video, lifecycle) =>
        optimisticThenServer<Video[], Video[]>(
          lifecycle,
          (recipe) => watchLaterQuery.util.updateQueryData('getWatchLater', tokenOf(lifecycle), recipe),
          (list) => list.filter((v) => v._id !== video._id),
          sameList,
        ),
    }),
  }),
});

export const { useGetWatchLaterQuery, useAddToWatchLaterMutation, useRemoveFromWatchLaterMutation } = watchLaterApi;
