import { api } from '@/lib/api';
import type { CategoriesResponse, Category, Video, VideoResponse, VideosResponse } from '@/lib/types';

export const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVideos: build.query<Video[], void>({
      query: () => '/videos',
      transformResponse: (response: VideosResponse) => response.videos,
      providesTags: ['Videos'],
    }),
    getVideo: build.query<Video, string>({
      query: (videoId) => `/video/${encodeURIComponent(videoId)}`,
      transformResponse: (response: VideoResponse) => response.video,
      providesTags: ['Videos'],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (response: CategoriesResponse) => response.categories,
      providesTags: ['Categories'],
    }),
  }),
});

export const { useGetVideosQuery, useGetVideoQuery, useGetCategoriesQuery } = videosApi;
