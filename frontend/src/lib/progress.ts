import { createSelector } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
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

const selectProgress = progressQuery.endpoints.getProgress.select();
/** Seconds watched by video id, made once per answer rather than searched by every card. */
const selectSecondsById = createSelector([(state: Parameters<typeof selectProgress>[0]) => selectProgress(state).data], (progress) =>
  progress ? new Map(progress.map((entry) => [entry.videoId, entry.seconds])) : undefined,
);

/**
 * How much of a video the user has watched, for its card's bar: from the progress the page of cards reads once
 * (`useProgress` in the view that lists them), one light subscription per card instead of a query each
 * (README, "Speed on a phone"). Undefined for a guest, before the answer, or for a video not started.
 */
export function useWatchedSeconds(videoId: string): number | undefined {
  return useSelector((state: Parameters<typeof selectProgress>[0]) => selectSecondsById(state)?.get(videoId));
}

/** "10:24" → 624. */
export const durationSeconds = (duration: string) => duration.split(':').reduce((total, part) => total * 60 + Number(part), 0);
