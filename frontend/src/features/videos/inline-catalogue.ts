import { videosApi } from './videos-api';
import type { Category, VideosResponse } from '@/lib/types';

/** The first screen's data the server writes into index.html: see `readInlineCatalogue`. */
export interface InlineCatalogue {
  page: VideosResponse;
  categories: Category[];
}

/**
 * The query-cache writes of the inline catalogue: home's first page and the categories, and with
 * `withVideos` each video as GET /api/video/:id answers it (the player page opens without asking either).
 * Given the store's state (`heldBy`), only the entries it holds nothing for yet: the data was written when
 * index.html was served and must not replace what a page has read since.
 */
export function inlineCatalogueActions({ page, categories }: InlineCatalogue, withVideos: boolean, heldBy?: ApiState) {
  const missing = (selected: (state: ApiState) => { isUninitialized: boolean }) => !heldBy || selected(heldBy).isUninitialized;
  const videos = withVideos ? page.videos.filter((video) => missing(videosApi.endpoints.getVideo.select(video._id))) : [];
  return [
    missing(videosApi.endpoints.getVideoPage.select({})) &&
      videosApi.util.upsertQueryEntries([{ endpointName: 'getVideoPage', arg: {}, value: { pages: [page], pageParams: [null] } }]),
    missing(videosApi.endpoints.getCategories.select()) &&
      videosApi.util.upsertQueryEntries([{ endpointName: 'getCategories', arg: undefined, value: categories }]),
    videos.length > 0 &&
      videosApi.util.upsertQueryEntries(videos.map((video) => ({ endpointName: 'getVideo' as const, arg: video._id, value: video }))),
  ].filter((action) => action !== false);
}

type ApiState = Parameters<ReturnType<typeof videosApi.endpoints.getCategories.select>>[0];

/**
 * What of the inline data a page renders in its first render: home (`/`, its search included) its first page
 * and the categories; the player also its video, by id. The rest (every other page's all of it, home's videos by
 * id) is taken in when the browser is idle, for a later visit: parsing it and writing up to 26 cache entries is
 * first-screen work those pages do not need (README, "Speed on a phone").
 */
export function inlineDataForFirstRender(pathname: string): 'none' | 'page' | 'page-and-videos' {
  if (pathname === '/') return 'page';
  return /^\/videoPlay\//i.test(pathname) ? 'page-and-videos' : 'none';
}

/**
 * The first screen's data the server writes into index.html (backend http/static-frontend.ts, id
 * "catalogue-data"): home's first page in the default order as GET /api/videos?limit=24 answers it
 * (`videos`, `next`), and the categories. A block without `next` (the whole catalogue, as servers before paging
 * wrote it) is taken as the only page. Undefined without the block (the Vite dev server) or with one that does
 * not parse: the data is then fetched.
 */
export function readInlineCatalogue(): InlineCatalogue | undefined {
  const text = document.getElementById('catalogue-data')?.textContent;
  if (!text) return undefined;
  let catalogue: { videos?: unknown; next?: unknown; categories?: unknown };
  try {
    catalogue = JSON.parse(text) as typeof catalogue;
  } catch {
    return undefined;
  }
  if (!Array.isArray(catalogue.videos) || !Array.isArray(catalogue.categories)) return undefined;
  const page: VideosResponse = {
    videos: catalogue.videos as VideosResponse['videos'],
    next: typeof catalogue.next === 'string' ? catalogue.next : null,
  };
  return { page, categories: catalogue.categories as Category[] };
}
