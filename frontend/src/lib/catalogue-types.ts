// INTERIM, TO BE REPLACED BY GENERATED ALIASES. The living catalogue's shapes as docs/design/catalogue.md
// states them, written by hand only until the backend documents them in docs/openapi.json: then run
// `npm run api:generate`, alias each one in ./types.ts from ./api-schema.ts, and delete this file
// (CONTRIBUTING.md: every API shape is an alias of the generated schema). Nothing else in the frontend
// writes an API shape by hand.
import type { Category, User, Video } from './types';

/** A video with the catalogue's counts; in a user's list, `available: false` is a retired one (a tombstone). */
export type CatalogueVideo = Video & {
  likeCount?: number;
  viewCount?: number;
  /** The category's slug ("television"); `category` is its name. */
  categoryName?: string;
  categoryId?: string;
  publishedAt?: string;
  available?: boolean;
};

/** `{ _id, categoryName, slug, title, description }`. */
export type CatalogueCategory = Category & { slug?: string; title?: string; description?: string };

/** GET /videos?limit&cursor&q&category&sort, GET /admin/videos: one page; `next` is null on the last. */
export interface VideosPage {
  videos: CatalogueVideo[];
  next?: string | null;
}

/** The profile as login and signup answer it, with the operator flag. */
export type CatalogueUser = User & { operator?: boolean };

/** POST /video/:videoId/views: a guest names itself by a random id kept for the browser session. */
export interface ViewReportBody {
  viewer?: string;
}

/** POST/PATCH /admin/videos: `_id` or `url` (a YouTube link) on creation; any subset on edit. */
export interface AdminVideoFields {
  _id?: string;
  url?: string;
  title?: string;
  description?: string;
  /** A category id, slug or name. */
  category?: string;
  channel?: string;
  duration?: string;
  thumbnail?: string;
}

export interface AdminVideoResponse {
  video: CatalogueVideo;
}

export interface ImportVideosResult {
  added: string[];
  skipped: { index: number; _id: string; reason: string }[];
  refused: { index: number; errors: string[] }[];
}

export interface AdminCategoryFields {
  name?: string;
  slug?: string;
  title?: string;
  description?: string;
}

export interface AdminCategoryResponse {
  category: CatalogueCategory;
}

export interface Operator {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface OperatorsResponse {
  operators: Operator[];
}
