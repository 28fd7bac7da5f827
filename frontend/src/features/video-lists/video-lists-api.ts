import { api } from '@/lib/api';
import { optimisticThenServer, sameList } from '@/lib/optimistic-update';
import type { Video } from '@/lib/types';

/**
 * Liked videos and Watch Later are the same kind of list: a user's videos, added and removed one
 * at a time. They differ only in their URLs, their cache tag and their words (SPEC §2, §8).
 */
interface VideoListSpec {
  url: string;
  /** The field of the server's answer that holds the list. */
  field: 'likes' | 'watchlater';
  tag: 'Likes' | 'WatchLater';
  /** SPEC §8: what a failed call says when the server gave no reason (sic, verbatim). */
  errorToast: string;
}

const LIKES: VideoListSpec = {
  url: '/user/likes',
  field: 'likes',
  tag: 'Likes',
  errorToast: 'Sorry !! Something went wrong ...Try Again Later',
};
const WATCH_LATER: VideoListSpec = {
  url: '/user/watchlater',
  field: 'watchlater',
  tag: 'WatchLater',
  errorToast: 'Something went wrong ...Try Again Later',
};

const read = ({ url, field, tag, errorToast }: VideoListSpec, readUrl = url) => ({
  query: () => readUrl,
  transformResponse: (response: Record<VideoListSpec['field'], Video[]>) => response[field],
  providesTags: [tag],
  extraOptions: { errorToast },
});

const readsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLikes: build.query<Video[], void>(read(LIKES)),
    // SPEC §7: existing clients read this list with a trailing slash.
    getWatchLater: build.query<Video[], void>(read(WATCH_LATER, `${WATCH_LATER.url}/`)),
  }),
});

type ReadEndpoint = 'getLikes' | 'getWatchLater';

/** A write shows the expected list at once, then settles on the server's answer (or re-reads the list after a failure). */
const write = (
  { url, field, tag, errorToast }: VideoListSpec,
  readEndpoint: ReadEndpoint,
  method: 'POST' | 'DELETE',
  guess: (list: Video[], video: Video) => Video[],
) => ({
  query: (video: Video) =>
    method === 'POST' ? { url, method, body: { video } } : { url: `${url}/${encodeURIComponent(video._id)}`, method },
  transformResponse: (response: Record<VideoListSpec['field'], Video[]>) => response[field],
  invalidatesTags: (_result: unknown, error: unknown) => (error ? [tag] : []),
  extraOptions: { errorToast },
  onQueryStarted: (video: Video, lifecycle: Parameters<typeof optimisticThenServer<Video[], Video[]>>[0]) =>
    optimisticThenServer<Video[], Video[]>(
      lifecycle,
      (recipe) => readsApi.util.updateQueryData(readEndpoint, undefined, recipe),
      (list) => guess(list, video),
      sameList,
    ),
});

const added = (list: Video[], video: Video) => (list.some((v) => v._id === video._id) ? list : [...list, video]);
const removed = (list: Video[], video: Video) => list.filter((v) => v._id !== video._id);

const videoListsApi = readsApi.injectEndpoints({
  endpoints: (build) => ({
    addLike: build.mutation<Video[], Video>(write(LIKES, 'getLikes', 'POST', added)),
    removeLike: build.mutation<Video[], Video>(write(LIKES, 'getLikes', 'DELETE', removed)),
    addToWatchLater: build.mutation<Video[], Video>(write(WATCH_LATER, 'getWatchLater', 'POST', added)),
    removeFromWatchLater: build.mutation<Video[], Video>(write(WATCH_LATER, 'getWatchLater', 'DELETE', removed)),
  }),
});

const { endpoints } = videoListsApi;

/** Each list's endpoints and words, for the hooks and the page of use-video-list.ts and video-list-page.tsx. */
export const likes = {
  read: endpoints.getLikes,
  add: endpoints.addLike,
  remove: endpoints.removeLike,
  added: 'Video added to Likes',
  removed: 'Video Removed From Likes',
  page: { title: 'Liked Videos', empty: { message: 'No liked Videos', action: 'Like Some videos' } },
};

export const watchLater: VideoList = {
  read: endpoints.getWatchLater,
  add: endpoints.addToWatchLater,
  remove: endpoints.removeFromWatchLater,
  added: 'Video added to Watch Later',
  removed: 'Video Removed From Watch Later',
  page: { title: 'Watch Later', empty: { message: 'No Videos to Watch Later', action: 'Explore Some videos to Watch Later' } },
};

export type VideoList = typeof likes;
