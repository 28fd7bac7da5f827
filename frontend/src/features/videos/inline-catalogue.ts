import type { Category, Video } from '@/lib/types';
import { videosApi } from './videos-api';

/**
 * The catalogue the server writes into index.html (backend static-frontend.ts, id "catalogue-data"),
 * the same as GET /api/videos and /api/categories answer, as one action that puts it into the query
 * cache: dispatched before the first render, home and the player show their videos in that render,
 * with no request and no second render when it comes back. Undefined without the block (the Vite dev
 * server) or with one that does not parse: they are then fetched as before.
 */
export function inlineCatalogueAction() {
  const text = document.getElementById('catalogue-data')?.textContent;
  if (!text) return undefined;
  let catalogue: { videos?: unknown; categories?: unknown };
  try {
    catalogue = JSON.parse(text) as typeof catalogue;
  } catch {
    return undefined;
  }
  if (!Array.isArray(catalogue.videos) || !Array.isArray(catalogue.categories)) return undefined;
  const videos = catalogue.videos as Video[];
  return videosApi.util.upsertQueryEntries([
    { endpointName: 'getVideos', arg: undefined, value: videos },
    { endpointName: 'getCategories', arg: undefined, value: catalogue.categories as Category[] },
    // Each video as GET /api/video/:id answers it: the player page opens without asking either.
    ...videos.map((video) => ({ endpointName: 'getVideo' as const, arg: video._id, value: video })),
  ]);
}
