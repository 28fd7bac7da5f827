import { api, LIST_TAGS } from '@/app/api';
import type { ActivityItem } from '@/features/activity/activity-api';

export const undoApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reverts the user's latest list action; the server answers with what it reverted. */
    undo: build.mutation<ActivityItem, void>({
      query: () => ({ url: '/user/undo', method: 'POST' }),
      transformResponse: (response: { undone: ActivityItem }) => response.undone,
      // Any list may have changed (and after a failure nobody knows): every list is read again.
      invalidatesTags: [...LIST_TAGS],
    }),
  }),
});
