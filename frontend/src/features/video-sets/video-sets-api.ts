import { api } from '@/lib/api';
import { optimisticThenServer, sameList, type MutationLifecycle } from '@/lib/optimistic-update';
import type { LikesResponse, Video, VideoBody, WatchLaterResponse } from '@/lib/types';

/**
 * Liked videos and Watch Later are the two video sets (CONTRIBUTING.md, Naming): lists of the same
 * shape, a user's videos added and removed one at a time. They differ only in their URLs, their cache
 * and their words, all here.
 */
interface VideoSetSpec {
  url: string;
  /** The field of the server's answer that holds the set. */
  field: keyof VideoSetResponse;
  tag: 'Likes' | 'WatchLater';
  /** The read endpoint, whose cached list the writes update. */
  read: 'getLikes' | 'getWatchLater';
  /** What a failed call says when the server gave no reason (sic, verbatim). */
  errorToast: string;
  added: string;
  removed: string;
  /** The line /login shows a guest who tried to add a video here. */
  loginReason: string;
  page: { title: string; empty: { message: string; action: string } };
}

/** Either set's answer (LikesResponse or WatchLaterResponse), read by its spec's `field`. */
type VideoSetResponse = LikesResponse & WatchLaterResponse;

const LIKES: VideoSetSpec = {
  url: '/user/likes',
  field: 'likes',
  tag: 'Likes',
  read: 'getLikes',
  errorToast: 'Sorry !! Something went wrong ...Try Again Later',
  added: 'Video added to Likes',
  removed: 'Video Removed From Likes',
  loginReason: 'Log in to like videos. We will like this one for you right after.',
  page: { title: 'Liked Videos', empty: { message: 'No liked Videos', action: 'Like Some videos' } },
};

const WATCH_LATER: VideoSetSpec = {
  url: '/user/watchlater',
  field: 'watchlater',
  tag: 'WatchLater',
  read: 'getWatchLater',
  errorToast: 'Something went wrong ...Try Again Later',
  added: 'Video added to Watch Later',
  removed: 'Video Removed From Watch Later',
  loginReason: 'Log in to save videos to watch later. We will save this one for you right after.',
  page: { title: 'Watch Later', empty: { message: 'No Videos to Watch Later', action: 'Explore Some videos to Watch Later' } },
};

const read = ({ url, field, tag, errorToast }: VideoSetSpec, readUrl = url) => ({
  query: () => readUrl,
  transformResponse: (response: VideoSetResponse) => response[field],
  providesTags: [tag],
  extraOptions: { errorToast },
});

const readsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLikes: build.query<Video[], void>(read(LIKES)),
    // Existing clients read this list with a trailing slash.
    getWatchLater: build.query<Video[], void>(read(WATCH_LATER, `${WATCH_LATER.url}/`)),
  }),
});

/** A write shows the expected set at once, then settles on the server's answer (or re-reads the set after a failure). */
const write = (
  { url, field, tag, read, errorToast }: VideoSetSpec,
  method: 'POST' | 'DELETE',
  guess: (list: Video[], video: Video) => Video[],
) => ({
  query: (video: Video) =>
    method === 'POST' ? { url, method, body: { video } satisfies VideoBody } : { url: `${url}/${encodeURIComponent(video._id)}`, method },
  transformResponse: (response: VideoSetResponse) => response[field],
  invalidatesTags: (_result: unknown, error: unknown) => (error ? [tag] : []),
  extraOptions: { errorToast },
  onQueryStarted: (video: Video, lifecycle: MutationLifecycle<Video[]>) =>
    optimisticThenServer<Video[], Video[]>(
      lifecycle,
      (recipe) => readsApi.util.updateQueryData(read, undefined, recipe),
      (list) => guess(list, video),
      sameList,
    ),
});

const added = (list: Video[], video: Video) => (list.some((v) => v._id === video._id) ? list : [...list, video]);
const removed = (list: Video[], video: Video) => list.filter((v) => v._id !== video._id);

const { endpoints } = readsApi.injectEndpoints({
  endpoints: (build) => ({
    addLike: build.mutation<Video[], Video>(write(LIKES, 'POST', added)),
    removeLike: build.mutation<Video[], Video>(write(LIKES, 'DELETE', removed)),
    addToWatchLater: build.mutation<Video[], Video>(write(WATCH_LATER, 'POST', added)),
    removeFromWatchLater: build.mutation<Video[], Video>(write(WATCH_LATER, 'DELETE', removed)),
  }),
});

/** Each video set's words and endpoints, for the hooks of use-video-set.ts and the page of video-set-view.tsx. */
export const likes = { ...LIKES, endpoints: { read: endpoints.getLikes, add: endpoints.addLike, remove: endpoints.removeLike } };
export const watchLater: VideoSet = {
  ...WATCH_LATER,
  endpoints: { read: endpoints.getWatchLater, add: endpoints.addToWatchLater, remove: endpoints.removeFromWatchLater },
};

export type VideoSet = typeof likes;
