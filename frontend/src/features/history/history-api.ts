import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '@/lib/api';
import { noGuess, optimisticThenServer, sameList, type MutationLifecycle } from '@/lib/optimistic-update';
import type { Video } from '@/lib/types';

type HistoryResponse = { history: Video[] };
const toList = (response: HistoryResponse) => response.history;
const historyUrl = (videoId: string) => `/user/history/${encodeURIComponent(videoId)}`;

// Kept oldest first, as the server sends it; the page reverses it for display.
const historyQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getHistory: build.query<Video[], void>({
      query: () => '/user/history',
      transformResponse: toList,
      providesTags: ['History'],
    }),
    /** The entries whose title or channel contains `search` (the server matches, case-insensitively). */
    searchHistory: build.query<Video[], string>({
      query: (search) => ({ url: '/user/history', params: { search } }),
      transformResponse: toList,
      providesTags: ['HistorySearch'],
    }),
  }),
});

// Searches are read again after every history write rather than guessed; the whole list is guessed.
const afterWrite = (_result: unknown, error: unknown) => (error ? (['History', 'HistorySearch'] as const) : (['HistorySearch'] as const));

/** A history write's onQueryStarted: the whole list shows `guess` at once, then the server's answer. */
const guessing =
  <Arg>(guess: (arg: Arg) => (list: Video[]) => Video[]) =>
  (arg: Arg, lifecycle: MutationLifecycle<Video[]>) =>
    optimisticThenServer<Video[], Video[]>(
      lifecycle,
      (recipe) => historyQuery.util.updateQueryData('getHistory', undefined, recipe),
      guess(arg),
      sameList,
    );

const historyApi = historyQuery.injectEndpoints({
  endpoints: (build) => ({
    /**
     * SPEC §4: a re-watched video is deleted and re-added so it becomes the latest. The server
     * list is read first so that this never provokes a 409; the cache moves the video in one
     * step, so no screen ever sees it missing in between.
     */
    recordWatch: build.mutation<Video[], Video>({
      async queryFn(video, _api, _extra, baseQuery) {
        const current = await baseQuery('/user/history');
        if (current.error) return { error: current.error };
        if (toList(current.data as HistoryResponse).some((v) => v._id === video._id)) {
          const removed = await baseQuery({ url: historyUrl(video._id), method: 'DELETE' });
          if (removed.error) return { error: removed.error };
        }
        const added = await baseQuery({ url: '/user/history', method: 'POST', body: { video } });
        if (added.error) return { error: added.error as FetchBaseQueryError };
        return { data: toList(added.data as HistoryResponse) };
      },
      invalidatesTags: afterWrite,
      onQueryStarted: guessing((video: Video) => (list) => [...list.filter((v) => v._id !== video._id), video]),
    }),
    removeFromHistory: build.mutation<Video[], Video>({
      query: (video) => ({ url: historyUrl(video._id), method: 'DELETE' }),
      transformResponse: toList,
      invalidatesTags: afterWrite,
      onQueryStarted: guessing((video: Video) => (list) => list.filter((v) => v._id !== video._id)),
    }),
    clearHistory: build.mutation<Video[], void>({
      query: () => ({ url: '/user/history/all', method: 'DELETE' }),
      transformResponse: toList,
      invalidatesTags: afterWrite,
      onQueryStarted: guessing(() => () => []),
    }),
    /** Removes every entry watched before `before` (an ISO date-time); no guess: only the server knows when. */
    removeHistoryBefore: build.mutation<Video[], string>({
      query: (before) => ({ url: '/user/history', method: 'DELETE', params: { before } }),
      transformResponse: toList,
      invalidatesTags: afterWrite,
      onQueryStarted: guessing(() => noGuess),
    }),
  }),
});

export const {
  useGetHistoryQuery,
  useSearchHistoryQuery,
  useRecordWatchMutation,
  useRemoveFromHistoryMutation,
  useClearHistoryMutation,
  useRemoveHistoryBeforeMutation,
} = historyApi;
