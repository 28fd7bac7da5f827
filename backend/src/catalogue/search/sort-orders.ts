// Each sort is a total order: its fields, then seq, so that a page key names exactly one place in it and
// keyset paging neither repeats nor skips a video (docs/design/catalogue.md, "Public answers").
import type { PageKey, VideoSort } from './search-types';
import { VideoColumns } from './video-columns';

interface SortField {
  readonly of: (doc: number) => number | string;
  /** 1 ascending, -1 descending. */
  readonly direction: 1 | -1;
  readonly type: 'number' | 'string';
}

export class SortOrder {
  /**
   * `compare` is negative when `a` comes first, 0 only for the same video: the fields' order written out
   * as one expression (a loop over the fields made every insertion and removal several times slower).
   */
  constructor(
    private readonly fields: readonly SortField[],
    readonly compare: (a: number, b: number) => number,
  ) {}

  /** Negative when the place `key` names comes before `doc`. */
  compareKey(key: PageKey, doc: number): number {
    for (let i = 0; i < this.fields.length; i++) {
      const x = key[i];
      const y = this.fields[i].of(doc);
      if (x !== y) return x < y ? -this.fields[i].direction : this.fields[i].direction;
    }
    return 0;
  }

  keyOf(doc: number): PageKey {
    return this.fields.map((field) => field.of(doc));
  }

  /** Whether `key` has this order's shape: a cursor from another order, or forged, does not. */
  fits(key: PageKey): boolean {
    return (
      key.length === this.fields.length &&
      this.fields.every(({ type }, i) => typeof key[i] === type && (type === 'string' || Number.isFinite(key[i])))
    );
  }
}

export type BrowseSort = Exclude<VideoSort, 'relevance'>;

export const BROWSE_SORTS: readonly BrowseSort[] = ['catalogue', 'newest', 'title', 'popular', 'likes', 'views'];

export function browseOrder(sort: BrowseSort, c: VideoColumns): SortOrder {
  const { seq, published, title, popularity, likeCount, viewCount } = c;
  const bySeq: SortField = { of: (doc) => seq[doc], direction: 1, type: 'number' };
  const descending = (column: number[]): SortField => ({ of: (doc) => column[doc], direction: -1, type: 'number' });
  switch (sort) {
    case 'catalogue':
      return new SortOrder([bySeq], (a, b) => seq[a] - seq[b]);
    case 'newest':
      return new SortOrder([descending(published), { ...bySeq, direction: -1 }], (a, b) => published[b] - published[a] || seq[b] - seq[a]);
    case 'title':
      return new SortOrder([{ of: (doc) => title[doc], direction: 1, type: 'string' }, bySeq], (a, b) =>
        title[a] < title[b] ? -1 : title[a] > title[b] ? 1 : seq[a] - seq[b],
      );
    case 'popular':
      return new SortOrder([descending(popularity), bySeq], (a, b) => popularity[b] - popularity[a] || seq[a] - seq[b]);
    case 'likes':
      return new SortOrder([descending(likeCount), bySeq], (a, b) => likeCount[b] - likeCount[a] || seq[a] - seq[b]);
    case 'views':
      return new SortOrder([descending(viewCount), bySeq], (a, b) => viewCount[b] - viewCount[a] || seq[a] - seq[b]);
    default: {
      const unknown: never = sort;
      throw new Error(`unknown sort ${String(unknown)}`);
    }
  }
}

/**
 * Relevance: the score of this query's match, then popularity, then seq: within one score, the `popular`
 * order. Popularity changes with every like, so a video liked between two pages can move across the page
 * boundary (shown twice, or not at all); the same holds for `popular`, `likes` and `views`. The catalogue
 * accepts that rather than freezing counts per cursor.
 */
export function relevanceOrder(scores: Int32Array, c: VideoColumns): SortOrder {
  const { popularity, seq } = c;
  return new SortOrder(
    [
      { of: (doc) => scores[doc], direction: -1, type: 'number' },
      { of: (doc) => popularity[doc], direction: -1, type: 'number' },
      { of: (doc) => seq[doc], direction: 1, type: 'number' },
    ],
    (a, b) => scores[b] - scores[a] || popularity[b] - popularity[a] || seq[a] - seq[b],
  );
}
