import { api } from '@/lib/api';
import type { Progress } from '@/lib/progress';

interface Report {
  videoId: string;
  seconds: number;
  /** Playback stopped there (pause, leaving): the server stores it exactly. */
  stopped: boolean;
}

const progressApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportProgress: build.mutation<Progress[], Report>({
      query: ({ videoId, seconds, stopped }) => ({
        url: `/user/progress/${encodeURIComponent(videoId)}`,
        method: 'PUT',
        body: { seconds, ...(stopped && { stopped }) },
      }),
      transformResponse: (response: { progress: Progress[] }) => response.progress,
      invalidatesTags: ['Progress'],
    }),
    forgetProgress: build.mutation<Progress[], string>({
      query: (videoId) => ({ url: `/user/progress/${encodeURIComponent(videoId)}`, method: 'DELETE' }),
      transformResponse: (response: { progress: Progress[] }) => response.progress,
      invalidatesTags: ['Progress'],
    }),
  }),
});

export const { useReportProgressMutation, useForgetProgressMutation } = progressApi;
