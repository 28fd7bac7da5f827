import { QUERY_MAX_LENGTH, VIDEO_PAGE } from '../api/dto/video-query.dto';
import type { CataloguePages } from '../catalogue/catalogue-pages';
import { DomainError } from '../errors/domain-error';

/** The orders home offers besides its default; another `sort` in its URL is the default order. */
const HOME_SORTS = ['popular', 'newest'] as const;

/** What home's URL asks for (/?q=pixel&category=smartphone&sort=popular): only what is set. */
export interface HomeSearch {
  q?: string;
  category?: string;
  sort?: (typeof HOME_SORTS)[number];
}

/**
 * Home's URL query as home itself reads it and asks GET /api/videos for it (`readHomeQuery` in
 * frontend/src/features/videos/home-query.ts): q and category trimmed, blank ones dropped, an order home does not
 * offer dropped. Undefined when nothing is set: home's own first page.
 */
export function readHomeSearch(query: string): HomeSearch | undefined {
  const params = new URLSearchParams(query);
  const search: HomeSearch = {};
  for (const name of ['q', 'category'] as const) {
    const value = params.get(name)?.trim();
    if (value) search[name] = value;
  }
  const sort = params.get('sort');
  if ((HOME_SORTS as readonly (string | null)[]).includes(sort)) search.sort = sort as HomeSearch['sort'];
  return Object.keys(search).length > 0 ? search : undefined;
}

/**
 * The data home's first render shows for its URL's `query` (docs/design/catalogue.md, "Home's first screen"): the
 * first page GET /api/videos?limit=24 answers for the search (`videos`, `next`) with `query` the search as home
 * asks it, and the categories, as index.html carries home's own. `value` is undefined where the API would refuse
 * the search (an unknown category): home then asks, and shows the API's own answer. Undefined for no search, or one
 * the API takes as too long.
 */
export function searchedHome(pages: CataloguePages, categories: () => unknown) {
  return (query: string) => {
    const search = readHomeSearch(query);
    if (!search) return undefined;
    if ((search.q?.length ?? 0) > QUERY_MAX_LENGTH.q || (search.category?.length ?? 0) > QUERY_MAX_LENGTH.category) return undefined;
    const value = () => {
      try {
        return { query: search, ...pages.asked({ ...search, limit: VIDEO_PAGE.default }), categories: categories() };
      } catch (error) {
        if (error instanceof DomainError) return undefined;
        throw error;
      }
    };
    return { key: JSON.stringify(search), value };
  };
}
