import { api } from '@/lib/api';
import type { Progress } from '@/lib/progress';
import type { ProgressBody, ProgressResponse } from '@/lib/types';

/** The video (in the URL) and its body; `stopped`: playback stopped there (pause, leaving), stored exactly. */
type Report = { videoId: string } & Required<ProgressBody>;

const progressApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportProgress: build.mutation<Progress[], Report>({
      query: ({ videoId, seconds, stopped }) => ({
        url: `/user/progress/${encodeURIComponent(videoId)}`,
        method: 'PUT',
        body: { seconds, ...(stopped && { stopped }) } satisfies ProgressBody,
      }),
      transformResponse: (response: ProgressResponse) => response.progress,
      invalidatesTags: ['Progress'],
    }),
    forgetProgress: build.mutation<Progress[], string>({
      query: (videoId) => ({ url: `/user/progress/${encodeURIComponent(videoId)}`, method: 'DELETE' }),
      transformResponse: (response: ProgressResponse) => response.progress,
      invalidatesTags: ['Progress'],
    }),
  }),
});

export const { useReportProgressMutation, useForgetProgressMutation } = progressApi;
