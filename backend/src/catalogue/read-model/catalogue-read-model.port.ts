// The catalogue's read side as a database (docs/design/catalogue.md, "The catalogue read model (being built)"):
// a projection writes batches of changes with the log position they cover; the API reads pages, videos and
// categories. Two adapters implement it, SQLite (the embedded default) and PostgreSQL, and pass one contract suite.

/** A video's own fields, as its catalogue events leave them; retired ones stay, as tombstones. */
export interface CatalogueVideoFields {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly channel: string;
  readonly categoryId: string;
  /** "mm:ss". */
  readonly duration: string;
  readonly thumbnail: string;
  /** ISO 8601 in UTC (`toISOString()`), so that its text order is its time order. */
  readonly publishedAt: string;
  readonly retired: boolean;
}

interface CatalogueCounts {
  /** The users who like the video now (docs/design/catalogue.md, "likeCount"). */
  readonly likeCount: number;
  readonly viewCount: number;
}

export type CatalogueVideoRow = CatalogueVideoFields & CatalogueCounts;

export interface CatalogueCategoryRow {
  readonly id: string;
  /** The name videos show as their `category`; a filter may give it in any case. */
  readonly name: string;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
}

/**
 * One change of a batch. Each is an assignment of the resulting values, never an increment
 * (CONTRIBUTING.md, "Code"), so applying a change again leaves the same rows. Counts may arrive before the
 * video's publication (a store written before the catalogue was in the log): they are kept for it.
 */
export type CatalogueChange =
  | { readonly op: 'upsertVideo'; readonly video: CatalogueVideoFields }
  | ({ readonly op: 'setCounts'; readonly videoId: string } & CatalogueCounts)
  | { readonly op: 'upsertCategory'; readonly category: CatalogueCategoryRow }
  | { readonly op: 'removeCategory'; readonly categoryId: string };

export type CatalogueSort = 'relevance' | 'popular' | 'newest' | 'title' | 'catalogue';

type CatalogueStatus = 'published' | 'retired' | 'all';

export interface CataloguePageQuery {
  /** Trimmed by the adapter; blank is no search. Matched against the title only (the seed's rule). */
  readonly q?: string;
  readonly categoryId?: string;
  readonly status: CatalogueStatus;
  readonly sort: CatalogueSort;
  readonly limit: number;
  /** A previous page's `next`, for the same query. */
  readonly after?: string;
}

export interface CataloguePage {
  readonly videos: CatalogueVideoRow[];
  /**
   * Where the next page starts (keyset paging: strictly after this page's last video), or null after the
   * last page. Opaque to callers; the API signs it and binds it to its query (catalogue/catalogue-pages.ts).
   */
  readonly next: string | null;
}

export interface CatalogueReadModel {
  /**
   * Applies every change and stores `checkpoint` in one transaction. A batch whose checkpoint is not past the
   * stored one changes nothing: after a restart the projection may hand over a batch again, exactly once.
   */
  apply(batch: readonly CatalogueChange[], checkpoint: bigint): Promise<void>;
  /** The log position of the last batch applied; undefined while none was. */
  checkpoint(): Promise<bigint | undefined>;
  page(query: CataloguePageQuery): Promise<CataloguePage>;
  video(id: string): Promise<CatalogueVideoRow | undefined>;
  /** Every category, in the order they were created. */
  categories(): Promise<CatalogueCategoryRow[]>;
  /** A category by its id, its slug, or its name in any case (in that order of precedence). */
  category(reference: string): Promise<CatalogueCategoryRow | undefined>;
  close(): Promise<void>;
}
