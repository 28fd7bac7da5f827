import { api } from '@/app/api';
import type { Video } from '@/app/types';

export type ActivityType =
  | 'UserSignedUp'
  | 'VideoLiked'
  | 'VideoUnliked'
  | 'VideoAddedToWatchLater'
  | 'VideoRemovedFromWatchLater'
  | 'VideoWatched'
  | 'VideoRemovedFromHistory'
  | 'HistoryCleared'
  | 'PlaylistCreated'
  | 'PlaylistDeleted'
  | 'VideoAddedToPlaylist'
  | 'VideoRemovedFromPlaylist'
  | 'HistoryPaused'
  | 'HistoryResumed'
  | 'HistoryRemovedBefore'
  | 'HistoryRestored'
  | 'PlaylistDetailsChanged'
  | 'PlaylistReordered'
  | 'PlaylistRestored';

/** One line of GET /user/activity (backend: ActivityItem in queries/user-lists.reader.ts). */
export interface ActivityItem {
  position: string;
  type: ActivityType;
  at: string;
  /** Absent when the video is no longer in the catalogue. */
  video?: Video;
  playlist?: { _id: string; title?: string };
}

export interface ActivityPage {
  activity: ActivityItem[];
  nextBefore: string | null;
}

// The query argument is the session token, like the other user lists: it keys the cache per
// user. Pages are chained by the server's nextBefore cursor (a position), newest page first.
export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.infiniteQuery<ActivityPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextBefore,
      },
      query: ({ pageParam }) => ({ url: '/user/activity', params: pageParam === null ? undefined : { before: pageParam } }),
    }),
  }),
});

export const { useGetActivityInfiniteQuery } = activityApi;
