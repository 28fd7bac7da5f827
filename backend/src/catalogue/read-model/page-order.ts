// How each sort orders the catalogue (docs/design/catalogue.md, "The catalogue read model (being built)"), as
// ordered segments of SQL: relevance with words has three, its tiers, each ordered by popularity; every other
// sort has one. Every order ends on a unique column, so that keyset paging never skips or repeats a video.
import type { CatalogueSort } from './catalogue-read-model.port';
import { likeLiteral, wordStartsForm } from './title-fold';

export interface OrderColumn {
  readonly column: 'like_count' | 'published_at' | 'folded_title' | 'seq' | 'id';
  readonly descending: boolean;
}

export interface OrderSegment {
  /** What a video must also satisfy to be in this segment (SQL with `?` parameters). */
  readonly where: string;
  readonly params: readonly string[];
}

export interface PageOrder {
  readonly columns: readonly OrderColumn[];
  readonly segments: readonly OrderSegment[];
}

const ID: OrderColumn = { column: 'id', descending: false };
const POPULAR: readonly OrderColumn[] = [{ column: 'like_count', descending: true }, ID];

const COLUMNS: Record<Exclude<CatalogueSort, 'relevance'>, readonly OrderColumn[]> = {
  popular: POPULAR,
  newest: [{ column: 'published_at', descending: true }, ID],
  title: [{ column: 'folded_title', descending: false }, ID],
  catalogue: [{ column: 'seq', descending: false }],
};

const EVERYTHING: OrderSegment = { where: '1 = 1', params: [] };

/** The order of a page; `folded` is the query's folded words (undefined: no search). */
export function pageOrder(sort: CatalogueSort, folded: string | undefined): PageOrder {
  if (sort !== 'relevance') return { columns: COLUMNS[sort], segments: [EVERYTHING] };
  if (folded === undefined) return { columns: POPULAR, segments: [EVERYTHING] };
  return { columns: POPULAR, segments: relevanceTiers(folded) };
}

/** Titles that start with q, then titles where a word starts with q, then any other title holding q. */
function relevanceTiers(folded: string): OrderSegment[] {
  const startsTitle = "folded_title LIKE ? ESCAPE '\\'";
  const titleStart = likeLiteral(folded) + '%';
  const wordForm = wordStartsForm(folded).trimStart();
  // A query of punctuation alone starts no word: the middle tier is then empty.
  const startsWord = wordForm === '' ? '1 = 0' : "title_words LIKE ? ESCAPE '\\'";
  const wordStart = wordForm === '' ? [] : ['% ' + likeLiteral(wordForm) + '%'];
  return [
    { where: startsTitle, params: [titleStart] },
    { where: `NOT (${startsTitle}) AND ${startsWord}`, params: [titleStart, ...wordStart] },
    { where: `NOT (${startsTitle}) AND NOT (${startsWord})`, params: [titleStart, ...wordStart] },
  ];
}
