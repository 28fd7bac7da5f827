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
  return videosApi.util.upsertQueryEntries([
    { endpointName: 'getVideoPage', arg: {}, value: { pages: [page], pageParams: [null] } },
    { endpointName: 'getCategories', arg: undefined, value: catalogue.categories as Category[] },
    // Each video as GET /api/video/:id answers it: the player page opens without asking either.
    ...page.videos.map((video) => ({ endpointName: 'getVideo' as const, arg: video._id, value: video })),
  ]);
}
