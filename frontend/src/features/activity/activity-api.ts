import { api } from '@/lib/api';
import type { ActivityPage } from '@/lib/types';

// Pages are chained by the server's nextBefore cursor (a position), newest page first.
const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.infiniteQuery<ActivityPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextBefore,
      },
      query: ({ pageParam }) => ({ url: '/user/activity', params: pageParam === null ? undefined : { before: pageParam } }),
    }),
  }),
});

export const { useGetActivityInfiniteQuery } = activityApi;
