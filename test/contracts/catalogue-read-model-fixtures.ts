import type {
  CatalogueCategoryRow,
  CatalogueChange,
  CataloguePageQuery,
  CatalogueReadModel,
  CatalogueVideoFields,
} from '../../backend/src/catalogue/read-model/catalogue-read-model.port';

/** A fresh, empty model of one adapter; `reopen` closes it and opens the same store again. */
export interface OpenedCatalogueModel {
  model: CatalogueReadModel;
  reopen: () => Promise<CatalogueReadModel>;
  dispose: () => Promise<void>;
}

export type OpenCatalogueModel = () => Promise<OpenedCatalogueModel>;

let published = 0;

/** A video published now, after every other one this file made (so `newest` follows creation too). */
export function video(id: string, title: string, extra: Partial<CatalogueVideoFields> = {}): CatalogueVideoFields {
  published++;
  return {
    id,
    title,
    description: '',
    channel: 'Channel',
    categoryId: 'television',
    duration: '10:00',
    thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    publishedAt: new Date(Date.UTC(2024, 0, 1) + published * 60_000).toISOString(),
    retired: false,
    ...extra,
  };
}

export const upsert = (fields: CatalogueVideoFields): CatalogueChange => ({ op: 'upsertVideo', video: fields });

export const likes = (videoId: string, likeCount: number, viewCount = 0): CatalogueChange => ({
  op: 'setCounts',
  videoId,
  likeCount,
  viewCount,
});

export const television: CatalogueCategoryRow = {
  id: 'cat-tv',
  name: 'Television',
  slug: 'television',
  title: 'Televisions',
  description: 'Screens for the living room',
};

/** Ids of a query's first page. */
export async function ids(model: CatalogueReadModel, query: Partial<CataloguePageQuery>): Promise<string[]> {
  const page = await model.page({ status: 'published', sort: 'catalogue', limit: 100, ...query });
  return page.videos.map((row) => row.id);
}

/** Ids of every page of a query, `limit` at a time, calling `between` after each page. */
export async function allPages(
  model: CatalogueReadModel,
  query: Omit<CataloguePageQuery, 'after'>,
  between: (pageIndex: number) => Promise<void> = async () => undefined,
): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | undefined;
  do {
    const page = await model.page({ ...query, after });
    pages.push(page.videos.map((row) => row.id));
    after = page.next ?? undefined;
    await between(pages.length - 1);
    if (pages.length > 100) throw new Error('paging does not end');
  } while (after !== undefined);
  return pages;
}
