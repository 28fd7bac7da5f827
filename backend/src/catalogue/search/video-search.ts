// The catalogue's search and paging, in process and pure: every instance holds every video
// (docs/design/catalogue.md, "The catalogue read side"). Browsing walks an order kept sorted as videos
// and counts change; searching matches prefixes in an inverted index, then takes the first page of the
// matches in the asked order. Why hand-written and not MiniSearch: CONTRIBUTING.md, "Why this search index".
import { BroadPage, scoreOf } from './broad-page';
import { BroadWords } from './broad-words';
import { InvalidCursorError } from './cursor';
import { normalizeText, queryWords } from './normalize';
import { firstOf, OrderedSet } from './page-selection';
import { NO_MATCHES, PrefixMatcher } from './prefix-match';
import type { PageKey, SearchableVideo, VideoCounts, VideoPage, VideoQuery, VideoStatus } from './search-types';
import { BROWSE_SORTS, BrowseSort, browseOrder, relevanceOrder, SortOrder } from './sort-orders';
import { SortedBlocks } from './sorted-blocks';
import { StatusTally } from './status-tally';
import { TermIndex } from './term-index';
import { VideoColumns } from './video-columns';
import { KeptOrder, PlannedWord, Scorer, TOO_COSTLY, WalkedPage } from './walked-page';

const NO_COUNTS: VideoCounts = { likeCount: 0, viewCount: 0, popularity: 0 };

/** Scoring a video from its broad words' kept scores, in postings read (a byte per word: about one posting). */
const BROAD_SCORE_COST = 1;
/**
 * How far a walk with kept scores may go before the one pass over the catalogue answers instead (broad-page.ts):
 * that pass reads a byte per word and video, a walk visits the kept order's blocks and calls the filter.
 */
const BROAD_WALK_SHARE = 1 / 2;

export interface VideoSearchOptions {
  /** From how many postings a query word is broad (broad-words.ts): tests lower it to reach that path on few videos. */
  readonly broadPostings?: (catalogueSize: number) => number;
}

export class VideoSearch {
  private readonly columns = new VideoColumns();
  private readonly docs = new Map<string, number>();
  private readonly index = new TermIndex();
  private readonly matcher = new PrefixMatcher(this.index);
  private readonly walker = new WalkedPage(this.index);
  private readonly broadWords: BroadWords;
  private readonly broadPage = new BroadPage();
  /** Inside `batch`: the new documents, put in the kept orders when it ends. */
  private pending: number[] | undefined;
  private readonly tally = new StatusTally();
  private readonly orders = new Map<BrowseSort, KeptOrder>(
    BROWSE_SORTS.map((sort) => {
      const order = browseOrder(sort, this.columns);
      return [sort, { order, list: new SortedBlocks(order.compare) }];
    }),
  );
  /** Counts that came before their video (kept until it is published). */
  private readonly earlyCounts = new Map<string, VideoCounts>();

  constructor(options: VideoSearchOptions = {}) {
    this.broadWords = new BroadWords(this.index, options.broadPostings);
  }

  get size(): number {
    return this.columns.count;
  }

  /**
   * Runs `body` (upserts and count changes, e.g. one batch of the log) and puts the videos it published into the
   * kept orders once, at its end: into empty orders (a restart) by one sort each instead of an insertion each.
   * Queries wait for its end (it is synchronous).
   */
  batch(body: () => void): void {
    if (this.pending !== undefined) return body();
    const pending: number[] = (this.pending = []);
    try {
      body();
    } finally {
      this.pending = undefined;
      if (pending.length > 0) for (const { list } of this.orders.values()) list.insertMany(pending.slice());
    }
  }

  /** Publishes, edits, retires or restores a video: whatever differs from what was held is updated. */
  upsert(video: SearchableVideo): void {
    const c = this.columns;
    const published = Date.parse(video.publishedAt) || 0;
    const title = normalizeText(video.title);
    let doc = this.docs.get(video.id);
    if (doc === undefined) {
      doc = c.count;
      const counts = this.earlyCounts.get(video.id) ?? NO_COUNTS;
      this.earlyCounts.delete(video.id);
      this.docs.set(video.id, doc);
      c.ids.push(video.id);
      c.seq.push(video.seq);
      c.published.push(published);
      c.title.push(title);
      c.categoryId.push(video.categoryId);
      c.retired.push(video.retired);
      c.popularity.push(counts.popularity);
      c.likeCount.push(counts.likeCount);
      c.viewCount.push(counts.viewCount);
      if (this.pending) this.pending.push(doc);
      else for (const { list } of this.orders.values()) list.insert(doc);
    } else {
      const d = doc;
      this.reorder(['catalogue', 'newest', 'title'], d, () => {
        c.seq[d] = video.seq;
        c.published[d] = published;
        c.title[d] = title;
      });
      this.tally.add(c.categoryId[d], c.retired[d], -1);
      c.categoryId[d] = video.categoryId;
      c.retired[d] = video.retired;
    }
    this.tally.add(video.categoryId, video.retired, 1);
    this.index.setDocument(doc, video);
  }

  /** Called on every like, unlike and view: moves the video in the three count orders only. */
  setCounts(id: string, counts: VideoCounts): void {
    const doc = this.docs.get(id);
    if (doc === undefined) {
      this.earlyCounts.set(id, counts);
      return;
    }
    const c = this.columns;
    if (c.popularity[doc] !== counts.popularity) this.reorder(['popular'], doc, () => (c.popularity[doc] = counts.popularity));
    if (c.likeCount[doc] !== counts.likeCount) this.reorder(['likes'], doc, () => (c.likeCount[doc] = counts.likeCount));
    if (c.viewCount[doc] !== counts.viewCount) this.reorder(['views'], doc, () => (c.viewCount[doc] = counts.viewCount));
  }

  query(query: VideoQuery): VideoPage {
    const status = query.status ?? 'published';
    const keep = this.filter(query.categoryId, status);
    if (query.q === undefined || query.q.trim() === '') {
      if (query.sort === 'relevance') throw new RangeError('sort relevance needs q');
      return this.browse(this.orders.get(query.sort)!, keep, query, this.tally.total(query.categoryId, status));
    }
    return this.search(this.matcher.plan(queryWords(query.q)), keep, query);
  }

  private browse(kept: KeptOrder, keep: (doc: number) => boolean, query: VideoQuery, total: number): VideoPage {
    const after = this.checkedKey(kept.order, query.after);
    const page: number[] = [];
    kept.list.scanFrom(after === undefined ? () => true : (doc) => kept.order.compareKey(after, doc) < 0, (doc) => {
      if (keep(doc)) page.push(doc);
      return page.length <= query.limit;
    });
    return this.pageOf(page, kept.order, query.limit, total);
  }

  /**
   * A page of the matches: when every word is broad, without matching every video (walked-page.ts, broad-page.ts),
   * else by matching them all; `total` is counted only when read (nothing the API answers reads it).
   */
  private search(words: PlannedWord[], keep: (doc: number) => boolean, query: VideoQuery): VideoPage {
    const count = query.limit + 1;
    // The broad words' kept scores (broad-words.ts): every word's when the cheapest is broad, else those of the
    // broad ones after it, which narrow the full match's candidates without reading their postings.
    const kept = words.map((word) => (this.broadWords.isBroad(word, this.size) ? this.broadWords.scoresOf(word, this.size) : undefined));
    const total = () => (words.length === 0 ? 0 : this.matcher.match(words, this.size, kept).docs.filter(keep).length);
    // The cheapest word first: when it is broad, every word is, and each video's score is read from their kept
    // scores: the page is walked in its order, or found by one pass over the catalogue when the walk would go as
    // far as that pass costs. Otherwise the cheapest word holds fewer postings than a broad one, and matching in
    // full reads those and narrows them (by the broad words' kept scores too): less than walking would meet.
    const broad = words.length > 0 && kept[0] !== undefined ? (kept as Uint8Array[]) : undefined;
    if (broad) {
      const relevance = query.sort === 'relevance';
      const inOrder = relevance ? this.orders.get('popular')! : this.orders.get(query.sort)!;
      const order = relevance ? undefined : inOrder.order;
      const after = this.checkedKey(order ?? relevanceOrder(this.walker.pageScores, this.columns), query.after);
      const share = Math.max(1, this.tally.total(query.categoryId, query.status ?? 'published')) / Math.max(1, this.size);
      const scorer: Scorer = { score: scoreOf(broad), cost: BROAD_SCORE_COST };
      const budget = this.size * BROAD_WALK_SHARE;
      const walked = relevance
        ? this.walker.relevance(words, keep, inOrder, count, after, budget, this.size, share, scorer)
        : this.walker.inOrder(words, keep, inOrder, count, after, budget, this.size, share, scorer);
      if (walked !== TOO_COSTLY)
        return this.pageOf(walked, order ?? relevanceOrder(this.walker.pageScores, this.columns), query.limit, total);
      if (!relevance)
        return this.pageOf(this.broadPage.inOrder(broad, keep, inOrder, count, after, this.size), inOrder.order, query.limit, total);
      const page = this.broadPage.relevance(broad, keep, inOrder, count, after, this.size);
      return this.pageOf(page, relevanceOrder(this.broadPage.pageScores, this.columns), query.limit, total);
    }
    // A q of punctuation only has no word to begin any word: it matches nothing.
    const matches = words.length === 0 ? NO_MATCHES : this.matcher.match(words, this.size, kept);
    const docs = matches.docs.filter(keep);
    const set = { docs, has: (doc: number) => matches.has(doc) && keep(doc) };
    if (query.sort !== 'relevance') {
      const kept = this.orders.get(query.sort)!;
      const page = firstOf(set, count, kept, this.size, this.checkedKey(kept.order, query.after));
      return this.pageOf(page, kept.order, query.limit, docs.length);
    }
    const order = relevanceOrder(matches.scores, this.columns);
    const page = this.byRelevance(set, matches.scores, count, this.checkedKey(order, query.after));
    return this.pageOf(page, order, query.limit, docs.length);
  }

  /**
   * Relevance is the score, then the popular order: the matches are grouped by score (a few small integers)
   * and each group, best first, is paged in the kept popular order until the page is full.
   */
  private byRelevance(set: OrderedSet, scores: Int32Array, count: number, after: PageKey | undefined): number[] {
    const groups: number[][] = [];
    for (const doc of set.docs) (groups[scores[doc]] ??= []).push(doc);
    const afterScore = after === undefined ? Infinity : Number(after[0]);
    const page: number[] = [];
    for (let score = Math.min(groups.length - 1, afterScore); score > 0 && page.length < count; score--) {
      const group = groups[score];
      if (group === undefined) continue;
      const inGroup = { docs: group, has: (doc: number) => set.has(doc) && scores[doc] === score };
      const from = score === afterScore ? after?.slice(1) : undefined;
      page.push(...firstOf(inGroup, count - page.length, this.orders.get('popular')!, this.size, from));
    }
    return page;
  }

  /**
   * `docs` holds up to one video past the page: its presence says there is a next page. `total` may be a count
   * to make when read: `total` is then a getter (the catalogue as it is when read).
   */
  private pageOf(docs: number[], order: SortOrder, limit: number, total: number | (() => number)): VideoPage {
    const shown = docs.slice(0, limit);
    const next = docs.length > limit && shown.length > 0 ? order.keyOf(shown[shown.length - 1]) : null;
    const ids = shown.map((doc) => this.columns.ids[doc]);
    if (typeof total === 'number') return { ids, next, total };
    const page = { ids, next } as { ids: string[]; next: PageKey | null; total?: number };
    Object.defineProperty(page, 'total', { enumerable: true, get: total });
    return page;
  }

  private filter(categoryId: string | undefined, status: VideoStatus): (doc: number) => boolean {
    const { categoryId: categories, retired } = this.columns;
    const statusOk = status === 'all' ? () => true : status === 'retired' ? (doc: number) => retired[doc] : (doc: number) => !retired[doc];
    return categoryId === undefined ? statusOk : (doc) => categories[doc] === categoryId && statusOk(doc);
  }

  private checkedKey(order: SortOrder, key: PageKey | undefined): PageKey | undefined {
    if (key !== undefined && !order.fits(key)) throw new InvalidCursorError('not a key of this sort');
    return key;
  }

  /** Takes the video out of the named orders, changes its key, and puts it back where the new key goes. */
  private reorder(sorts: readonly BrowseSort[], doc: number, change: () => void): void {
    // Published in this batch: not in the orders yet (all such documents are numbered after the others).
    if (this.pending !== undefined && this.pending.length > 0 && doc >= this.pending[0]) return change();
    const lists = sorts.map((sort) => this.orders.get(sort)!.list);
    for (const list of lists) list.remove(doc);
    change();
    for (const list of lists) list.insert(doc);
  }
}
