import { api } from './api';
import { useUserArg } from './hooks';
import type { Progress, ProgressResponse } from './types';

export type { Progress } from './types';

// Shared: cards show a thin bar, Home a "Continue watching" row, the player starts at the saved second.
const progressQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getProgress: build.query<Progress[], void>({
      query: () => '/user/progress',
      transformResponse: (response: ProgressResponse) => response.progress,
      providesTags: ['Progress'],
    }),
  }),
});

/** The signed-in user's progress, most recent first (nothing for a guest). */
export function useProgress() {
  return progressQuery.useGetProgressQuery(useUserArg(undefined));
}

/** "10:24" → 624. */
export const durationSeconds = (duration: string) => duration.split(':').reduce((total, part) => total * 60 + Number(part), 0);
