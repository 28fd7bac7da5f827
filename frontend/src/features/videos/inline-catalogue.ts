import { videosApi } from './videos-api';
import type { Category, VideosResponse } from '@/lib/types';

/**
 * The first screen's data the server writes into index.html (backend http/static-frontend.ts, id
 * "catalogue-data"): home's first page in the default order as GET /api/videos?limit=24 answers it
 * (`videos`, `next`), and the categories. Put into the query cache before the first render, home shows
 * its videos in that render with no request. A block without `next` (the whole catalogue, as servers
 * before paging wrote it) is taken as the only page. Undefined without the block (the Vite dev server) or
 * with one that does not parse: they are then fetched.
 */
export function inlineCatalogueAction(withVideos: boolean) {
  const catalogue = readInlineCatalogue();
  if (!catalogue) return undefined;
  const { page, categories } = catalogue;
  return videosApi.util.upsertQueryEntries([
    { endpointName: 'getVideoPage', arg: {}, value: { pages: [page], pageParams: [null] } },
    { endpointName: 'getCategories', arg: undefined, value: categories },
    // Each video as GET /api/video/:id answers it: the player page opens without asking either.
    ...(withVideos ? page.videos : []).map((video) => ({ endpointName: 'getVideo' as const, arg: video._id, value: video })),
  ]);
}

/**
 * The same entries, taken in later (`inlineDataForFirstRender`): only those the store
 * holds nothing for yet, since the data was written when index.html was served and must not replace what the
 * page has read since.
 */
export function lateInlineCatalogueActions(state: ApiState) {
  const catalogue = readInlineCatalogue();
  if (!catalogue) return [];
  const { page, categories } = catalogue;
  const missing = (selected: { isUninitialized: boolean }) => selected.isUninitialized;
  const videos = page.videos.filter((video) => missing(videosApi.endpoints.getVideo.select(video._id)(state)));
  return [
    missing(videosApi.endpoints.getVideoPage.select({})(state)) &&
      videosApi.util.upsertQueryEntries([{ endpointName: 'getVideoPage', arg: {}, value: { pages: [page], pageParams: [null] } }]),
    missing(videosApi.endpoints.getCategories.select()(state)) &&
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

function readInlineCatalogue(): { page: VideosResponse; categories: Category[] } | undefined {
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
