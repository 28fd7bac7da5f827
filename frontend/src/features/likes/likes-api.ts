import { api } from '@/app/api';
import { optimisticThenServer, sameList } from '@/app/optimistic-update';
import { tokenOf } from '@/app/session-token';
import type { Video } from '@/app/types';

type LikesResponse = { likes: Video[] };
const toList = (response: LikesResponse) => response.likes;

// The query argument is the session token: it is not sent (prepareHeaders does that) but it keys
// the cache per user, so that a new login never shows the previous user's list.
const likesQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getLikes: build.query<Video[], string>({
      query: () => '/user/likes',
      transformResponse: toList,
      providesTags: ['Likes'],
    }),
  }),
});

// Injected in a second step so that the writes can name the typed read they update.
export const likesApi = likesQuery.injectEndpoints({
  endpoints: (build) => ({
    addLike: build.mutation<Video[], Video>({
      query: (video) => ({ url: '/user/likes', method: 'POST', body: { video } }),
      transformResponse: toList,
      // After a failure the list is re-read, since the server may know better than our guess.
      invalidatesTags: (_result, error) => (error ? ['Likes'] : []),
      onQueryStarted: (video, lifecycle) =>
        optimisticThenServer<Video[], Video[]>(
          lifecycle,
          (recipe) => likesQuery.util.updateQueryData('getLikes', tokenOf(lifecycle), recipe),
          (list) => (list.some((v) => v._id === video._id) ? list : [...list, video]),
          sameList,
        ),
    }),
    removeLike: build.mutation<Video[], Video>({
      query: (video) => ({ url: `/user/likes/${encodeURIComponent(video._id)}`, method: 'DELETE' }),
      transformResponse: toList,
      invalidatesTags: (_result, error) => (error ? ['Likes'] : []),
      onQueryStarted: (video, lifecycle) =>
        optimisticThenServer<Video[], Video[]>(
          lifecycle,
          (recipe) => likesQuery.util.updateQueryData('getLikes', tokenOf(lifecycle), recipe),
          (list) => list.filter((v) => v._id !== video._id),
          sameList,
        ),
    }),
  }),
});

export const { useGetLikesQuery, useAddLikeMutation, useRemoveLikeMutation } = likesApi;
