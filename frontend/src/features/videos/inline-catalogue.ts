import { videosApi } from './videos-api';
import type { Category, VideosResponse } from '@/lib/types';
import { readHomeQuery, type HomeQuery } from './home-query';

/** The first screen's data the server writes into index.html: see `readInlineCatalogue`. */
export interface InlineCatalogue {
  /** What `page` answers: home's own first page ({}), or the search home's URL asks for. */
  query: HomeQuery;
  page: VideosResponse;
  categories: Category[];
}

/** Parts of the inline catalogue to put into the query cache. */
export interface CatalogueParts {
  /** Home's first page and the categories. */
  readonly page: boolean;
  /** These of its videos by id, as GET /api/video/:id answers each (the player opens without asking). */
  readonly videoIds: readonly string[];
}

/** Videos written into the cache in one idle moment: a few milliseconds of a cold page's script. */
const VIDEOS_PER_PART = 6;

/** The whole inline catalogue in parts small enough for one idle moment each. */
export function catalogueInParts({ page }: InlineCatalogue): CatalogueParts[] {
  const ids = page.videos.map((video) => video._id);
  const parts: CatalogueParts[] = [{ page: true, videoIds: [] }];
  for (let at = 0; at < ids.length; at += VIDEOS_PER_PART) parts.push({ page: false, videoIds: ids.slice(at, at + VIDEOS_PER_PART) });
  return parts;
}

/**
 * The query-cache writes of `parts` of the inline catalogue. Given the store's state (`heldBy`), only the entries
 * it holds nothing for yet: the data was written when index.html was served and must not replace what a page has
 * read since.
 */
export function inlineCatalogueActions({ query, page, categories }: InlineCatalogue, parts: CatalogueParts, heldBy?: ApiState) {
  const missing = (selected: (state: ApiState) => { isUninitialized: boolean }) => !heldBy || selected(heldBy).isUninitialized;
  const videos = page.videos.filter(
    (video) => parts.videoIds.includes(video._id) && missing(videosApi.endpoints.getVideo.select(video._id)),
  );
  return [
    parts.page &&
      missing(videosApi.endpoints.getVideoPage.select(query)) &&
      videosApi.util.upsertQueryEntries([{ endpointName: 'getVideoPage', arg: query, value: { pages: [page], pageParams: [null] } }]),
    parts.page &&
      missing(videosApi.endpoints.getCategories.select()) &&
      videosApi.util.upsertQueryEntries([{ endpointName: 'getCategories', arg: undefined, value: categories }]),
    videos.length > 0 &&
      videosApi.util.upsertQueryEntries(videos.map((video) => ({ endpointName: 'getVideo' as const, arg: video._id, value: video }))),
  ].filter((action) => action !== false);
}

type ApiState = Parameters<ReturnType<typeof videosApi.endpoints.getCategories.select>>[0];

/**
 * What of the inline data the page at `pathname` renders in its first render: home (`/`, its search included) its
 * first page and the categories, the player its own video; other pages none. The rest is taken in when the browser
 * is idle, a part at a time (`catalogueInParts`), for a later visit: parsing it and writing up to 26 cache entries
 * (about 25 ms of a cold page's script for all of them) is first-screen work those pages do not need (README, "Speed on a phone").
 */
export function inlineDataForFirstRender(pathname: string): CatalogueParts | undefined {
  if (pathname === '/') return { page: true, videoIds: [] };
  const videoId = /^\/videoPlay\/([^/]+)\/?$/i.exec(pathname)?.[1];
  if (videoId === undefined) return undefined;
  try {
    return { page: false, videoIds: [decodeURIComponent(videoId)] };
  } catch {
    return undefined;
  }
}

/**
 * The first screen's data the server writes into index.html (backend http/static-frontend.ts, id
 * "catalogue-data"): a first page as GET /api/videos?limit=24 answers it (`videos`, `next`) and the categories.
 * The page is home's own (default order), or with `query` the search home's URL asks for (/?q=pixel: backend
 * http/home-search.ts), so that its results are in its first render too. A block without `next` (the whole
 * catalogue, as servers before paging wrote it) is taken as the only page. Undefined without the block (the Vite
 * dev server) or with one that does not parse: the data is then fetched.
 */
export function readInlineCatalogue(): InlineCatalogue | undefined {
  const text = document.getElementById('catalogue-data')?.textContent;
  if (!text) return undefined;
  let catalogue: { query?: unknown; videos?: unknown; next?: unknown; categories?: unknown };
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
  return { query: readQuery(catalogue.query), page, categories: catalogue.categories as Category[] };
}

/** The block's `query` as home asks GET /api/videos: only its string fields, through home's own reading of a URL. */
function readQuery(query: unknown): HomeQuery {
  if (typeof query !== 'object' || query === null) return {};
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (typeof value === 'string') params.set(name, value);
  return readHomeQuery(params);
}
