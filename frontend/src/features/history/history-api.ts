import { api } from '@/lib/api';
import { noGuess, optimisticThenServer, sameList, type MutationLifecycle } from '@/lib/optimistic-update';
import type { HistoryResponse, Video } from '@/lib/types';

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
     * A played video becomes the latest watched. One call, one event: the server adds it or
     * moves it to latest (a delete then an add showed as two actions in the user's activity).
     */
    recordWatch: build.mutation<Video[], Video>({
      query: (video) => ({ url: historyUrl(video._id), method: 'POST' }),
      transformResponse: toList,
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
