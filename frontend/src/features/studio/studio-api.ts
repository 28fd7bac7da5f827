import { api } from '@/lib/api';
import type {
  CatalogueVideoChanges,
  CategoriesResponse,
  Category,
  CategoryChanges,
  CategoryOnlyResponse,
  ImportVideosResult,
  NewCatalogueVideo,
  NewCategory,
  Operator,
  OperatorsResponse,
  Video,
  VideoResponse,
  VideosResponse,
} from '@/lib/types';

const GENERIC = 'Something went wrong ...Try Again Later';
/** The studio's table: 50 rows a page (GET /api/admin/videos takes 1–100). */
const ADMIN_PAGE = 50;

export type AdminSort = 'newest' | 'popular' | 'title' | 'likes' | 'views';
export type AdminStatus = 'all' | 'published' | 'retired';
export interface AdminVideosQuery {
  q?: string;
  category?: string;
  sort?: AdminSort;
  status?: AdminStatus;
}

const adminVideosUrl = (query: AdminVideosQuery, cursor: string | null) => {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE) });
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value as string);
  if (cursor) params.set('cursor', cursor);
  return `/admin/videos?${params.toString()}`;
};

const path = (videoId: string) => `/admin/videos/${encodeURIComponent(videoId)}`;

// Every catalogue change is read back by the studio (AdminVideos) and by home and the player (Videos, Categories).
const CATALOGUE = ['AdminVideos', 'Videos'] as const;

/** The operator API of docs/design/catalogue.md. Its tags are added here: the rest of the app never needs them. */
const studioApi = api.enhanceEndpoints({ addTagTypes: ['AdminVideos', 'Operators'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminVideos: build.infiniteQuery<VideosResponse, AdminVideosQuery, string | null>({
      query: ({ queryArg, pageParam }) => adminVideosUrl(queryArg, pageParam),
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.next ?? undefined },
      providesTags: ['AdminVideos'],
      extraOptions: { errorToast: GENERIC },
    }),
    addVideo: build.mutation<Video, NewCatalogueVideo>({
      query: (video) => ({ url: '/admin/videos', method: 'POST', body: { video } }),
      transformResponse: (response: VideoResponse) => response.video,
      invalidatesTags: [...CATALOGUE],
      extraOptions: { errorToast: GENERIC },
    }),
    editVideo: build.mutation<Video, { videoId: string; video: CatalogueVideoChanges }>({
      query: ({ videoId, video }) => ({ url: path(videoId), method: 'PATCH', body: { video } }),
      transformResponse: (response: VideoResponse) => response.video,
      invalidatesTags: [...CATALOGUE],
      extraOptions: { errorToast: GENERIC },
    }),
    retireVideo: build.mutation<Video, string>({
      query: (videoId) => ({ url: path(videoId), method: 'DELETE' }),
      transformResponse: (response: VideoResponse) => response.video,
      invalidatesTags: [...CATALOGUE],
      extraOptions: { errorToast: GENERIC },
    }),
    restoreVideo: build.mutation<Video, string>({
      query: (videoId) => ({ url: `${path(videoId)}/restore`, method: 'POST' }),
      transformResponse: (response: VideoResponse) => response.video,
      invalidatesTags: [...CATALOGUE],
      extraOptions: { errorToast: GENERIC },
    }),
    /** One chunk of an import; the caller sends the next once this one has answered. */
    importVideos: build.mutation<ImportVideosResult, CatalogueVideoChanges[]>({
      query: (videos) => ({ url: '/admin/videos/import', method: 'POST', body: { videos } }),
      // The added videos belong in the studio's table and on home like any other published one.
      invalidatesTags: [...CATALOGUE],
      extraOptions: { errorToast: GENERIC },
    }),
    getStudioCategories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (response: CategoriesResponse) => response.categories,
      providesTags: ['Categories'],
    }),
    addCategory: build.mutation<Category, NewCategory>({
      query: (category) => ({ url: '/admin/categories', method: 'POST', body: { category } }),
      transformResponse: (response: CategoryOnlyResponse) => response.category,
      invalidatesTags: ['Categories'],
      extraOptions: { errorToast: GENERIC },
    }),
    editCategory: build.mutation<Category, { categoryId: string; category: CategoryChanges }>({
      query: ({ categoryId, category }) => ({
        url: `/admin/categories/${encodeURIComponent(categoryId)}`,
        method: 'PATCH',
        body: { category },
      }),
      transformResponse: (response: CategoryOnlyResponse) => response.category,
      // A video answers with its category's name.
      invalidatesTags: ['Categories', ...CATALOGUE],
      extraOptions: { errorToast: GENERIC },
    }),
    deleteCategory: build.mutation<unknown, string>({
      query: (categoryId) => ({ url: `/admin/categories/${encodeURIComponent(categoryId)}`, method: 'DELETE' }),
      invalidatesTags: ['Categories'],
      extraOptions: { errorToast: GENERIC },
    }),
    getOperators: build.query<Operator[], void>({
      query: () => '/admin/operators',
      transformResponse: (response: OperatorsResponse) => response.operators,
      providesTags: ['Operators'],
    }),
    addOperator: build.mutation<Operator[], string>({
      query: (email) => ({ url: '/admin/operators', method: 'POST', body: { email } }),
      transformResponse: (response: OperatorsResponse) => response.operators,
      invalidatesTags: ['Operators'],
      extraOptions: { errorToast: GENERIC },
    }),
    removeOperator: build.mutation<Operator[], string>({
      query: (userId) => ({ url: `/admin/operators/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      transformResponse: (response: OperatorsResponse) => response.operators,
      invalidatesTags: ['Operators'],
      extraOptions: { errorToast: GENERIC },
    }),
  }),
});

export const {
  useGetAdminVideosInfiniteQuery,
  useAddVideoMutation,
  useEditVideoMutation,
  useRetireVideoMutation,
  useRestoreVideoMutation,
  useImportVideosMutation,
  useGetStudioCategoriesQuery,
  useAddCategoryMutation,
  useEditCategoryMutation,
  useDeleteCategoryMutation,
  useGetOperatorsQuery,
  useAddOperatorMutation,
  useRemoveOperatorMutation,
} = studioApi;
