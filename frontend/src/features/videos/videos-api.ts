import { api, VIDEOS_LIST } from '@/lib/api';
import type { CategoriesResponse, Category, Video, VideoResponse, VideosResponse } from '@/lib/types';
import { videosPageUrl, type HomeQuery } from './home-query';

/** Home's page size (docs/design/catalogue.md: GET /api/videos?limit=24). */
const PAGE_SIZE = 24;

export const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Home: the catalogue a page at a time, each page asked for with the cursor the previous one answered. */
    getVideoPage: build.infiniteQuery<VideosResponse, HomeQuery, string | null>({
      query: ({ queryArg, pageParam }) => videosPageUrl(queryArg, pageParam, PAGE_SIZE),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next ?? undefined,
      },
      providesTags: [VIDEOS_LIST],
    }),
    getVideo: build.query<Video, string>({
      query: (videoId) => `/video/${encodeURIComponent(videoId)}`,
      transformResponse: (response: VideoResponse) => response.video,
      // By id: a video's live change reads that video again, not every video cached (lib/live/live-tags.ts).
      providesTags: (_result, _error, videoId) => [{ type: 'Videos', id: videoId }],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (response: CategoriesResponse) => response.categories,
      providesTags: ['Categories'],
    }),
  }),
});

export const { useGetVideoPageInfiniteQuery, useGetVideoQuery, useGetCategoriesQuery } = videosApi;
