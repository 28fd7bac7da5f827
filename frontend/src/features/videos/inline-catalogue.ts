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
export function inlineCatalogueAction() {
  const catalogue = readInlineCatalogue();
  if (!catalogue) return undefined;
  const { page, categories } = catalogue;
  return videosApi.util.upsertQueryEntries([
    { endpointName: 'getVideoPage', arg: {}, value: { pages: [page], pageParams: [null] } },
    { endpointName: 'getCategories', arg: undefined, value: categories },
    // Each video as GET /api/video/:id answers it: the player page opens without asking either.
    ...page.videos.map((video) => ({ endpointName: 'getVideo' as const, arg: video._id, value: video })),
  ]);
}

/**
 * The same entries for a page that took the inline data in later (`rendersInlineData`): only those the store
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
 * Home (`/`, its search included) and the player render the inline data in their first render. Any other page
 * renders without it and takes it in when the browser is idle, for a later visit to home: parsing it and writing
 * 14 cache entries is first-screen work those pages do not need (README, "Speed on a phone").
 */
export const rendersInlineData = (pathname: string): boolean => pathname === '/' || /^\/videoPlay\//i.test(pathname);

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
