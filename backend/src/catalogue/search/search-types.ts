// The shapes the catalogue's search engine takes and answers (docs/design/catalogue.md, "Public answers").

export interface SearchableVideo {
  /** The video id (a YouTube id, 11 characters). */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly channel: string;
  readonly categoryId: string;
  /** ISO 8601. */
  readonly publishedAt: string;
  /** Catalogue order (publishing order): unique and increasing. */
  readonly seq: number;
  readonly retired: boolean;
}

export interface VideoCounts {
  readonly likeCount: number;
  readonly viewCount: number;
  /** The seed's base likes plus likeCount. */
  readonly popularity: number;
}

export type VideoSort = 'catalogue' | 'relevance' | 'popular' | 'newest' | 'title' | 'likes' | 'views';

export type VideoStatus = 'published' | 'retired' | 'all';

/**
 * Where a page ended: the sort key of its last video, its seq last (relevance: score, popularity, seq;
 * newest: published time in ms, seq; title: normalized title, seq; popular, likes, views: the count, seq;
 * catalogue: seq). The next page starts strictly after it.
 */
export type PageKey = readonly (number | string)[];

export interface VideoQuery {
  readonly q?: string;
  readonly categoryId?: string;
  /** Default 'published'. */
  readonly status?: VideoStatus;
  /** 'relevance' only with q. */
  readonly sort: VideoSort;
  readonly limit: number;
  /** A previous page's `next`. */
  readonly after?: PageKey;
}

/** What a cursor is bound to: a cursor from one query is refused by any other. */
export type CursorScope = Pick<VideoQuery, 'q' | 'categoryId' | 'status' | 'sort'>;

export interface VideoPage {
  readonly ids: string[];
  /** The key to pass as `after` for the next page; null when this page was the last. */
  readonly next: PageKey | null;
  /** How many videos the query matches in all (every page together). */
  readonly total?: number;
}
