import { api } from '@/lib/api';
import type { Category, Video } from '@/lib/types';

export const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVideos: build.query<Video[], void>({
      query: () => '/videos',
      transformResponse: (response: { videos: Video[] }) => response.videos,
      providesTags: ['Videos'],
    }),
    getVideo: build.query<Video, string>({
      query: (videoId) => `/video/${encodeURIComponent(videoId)}`,
      transformResponse: (response: { video: Video }) => response.video,
      providesTags: ['Videos'],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (response: { categories: Category[] }) => response.categories,
      providesTags: ['Categories'],
    }),
  }),
});

export const { useGetVideosQuery, useGetVideoQuery, useGetCategoriesQuery } = videosApi;
