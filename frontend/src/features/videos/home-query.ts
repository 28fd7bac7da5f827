/** The orders home offers besides the default (relevance when searching, else catalogue order). */
const HOME_SORTS = ['popular', 'newest'] as const;
export type HomeSort = (typeof HOME_SORTS)[number];

/**
 * What home shows, as its URL says it (README, "Using the app": /?q=pixel&category=smartphone&sort=popular)
 * and as GET /api/videos is asked for it (docs/design/catalogue.md): only the parameters that are set, so
 * that the same results are one cache entry however the URL spelled them.
 */
export interface HomeQuery {
  q?: string;
  /** A category slug. */
  category?: string;
  sort?: HomeSort;
}

const isSort = (value: string | null): value is HomeSort => (HOME_SORTS as readonly string[]).includes(value ?? '');

/** The URL's query as GET /api/videos takes it: the search trimmed, an unknown sort dropped (the default). */
export function readHomeQuery(params: URLSearchParams): HomeQuery {
  const query: HomeQuery = {};
  for (const name of ['q', 'category'] as const) {
    const value = params.get(name)?.trim();
    if (value) query[name] = value;
  }
  const sort = params.get('sort');
  if (isSort(sort)) query.sort = sort;
  return query;
}

/** `params` with one of home's parameters set, or removed for '' (the others, and any unknown ones, kept). */
export function withHomeParam(params: URLSearchParams, name: keyof HomeQuery, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The request of one page: `/videos?limit=24&q=…&category=…&sort=…&cursor=…`. */
export function videosPageUrl(query: HomeQuery, cursor: string | null, limit: number): string {
  return `/videos?${new URLSearchParams({ limit: String(limit), ...query, ...(cursor ? { cursor } : {}) }).toString()}`;
}
