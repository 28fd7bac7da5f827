// The first page of a search without matching every video first (bench/RESULTS.md, "Catalogue search at 100 000
// videos"): a broad word ("a", "sa", a word in most descriptions) has postings for most of the catalogue, and
// reading them all before choosing 24 costs O(matches). Here a video's score for the query is read from its words'
// kept scores (broad-words.ts: the walk is for queries whose every word is broad), and the page is found by walking
// a kept order until it is full.
//
// Relevance is the score, then the popular order. A score is a small integer: per word 6 (title, whole word) down
// to 1 (description, prefix), summed over the words. So the scores are visited best first, as tiers; each tier is
// either walked in the popular order (its videos come out in page order: stop once the page is full), or, when it
// is small, found from the postings of the (term, field) pairs that can give it and put in order. The per-term
// field counts bound each tier's size from above: a tier bounded by 0 is skipped for free, and a walk that has met
// as many videos as the bound has met them all. When the estimates say matching everything costs less, or a walk
// overruns its budget, the caller answers by one pass over the catalogue (broad-page.ts): every path gives the same
// pages as matching in full (prefix-match.ts).
import { firstInOrder } from './first-in-order';
import type { PageKey } from './search-types';
import type { SortOrder } from './sort-orders';
import type { SortedBlocks } from './sorted-blocks';
import { CHANNEL, DESCRIPTION, TermIndex, TITLE } from './term-index';

/** A word's score s (1–6) comes from this field, whole (even s) or as a prefix (odd s). */
const FIELD_OF_SCORE = [0, DESCRIPTION, DESCRIPTION, CHANNEL, CHANNEL, TITLE, TITLE];
const COUNT_COLUMN = { [TITLE]: 0, [CHANNEL]: 1, [DESCRIPTION]: 2 } as Record<number, number>;
/** Queries of more words are matched in full (their tiers multiply: 6^words). */
const MAX_WALKED_WORDS = 4;

export interface PlannedWord {
  readonly word: string;
  /** The terms it begins (itself included). */
  readonly terms: readonly number[];
  /** How many postings those terms hold. */
  readonly postings: number;
}

export interface KeptOrder {
  readonly order: SortOrder;
  readonly list: SortedBlocks;
}

/** A video's score for the query (from its words' kept scores: broad-words.ts), and what computing one costs. */
export interface Scorer {
  readonly score: (doc: number) => number;
  /** Scoring one video, in postings read. */
  readonly cost: number;
}

/** Why the walk gave up: the caller makes the page another way. */
export const TOO_COSTLY = null;

export class WalkedPage {
  /** By document: the score of each video of the last relevance page (its page key's first part). */
  pageScores = new Int32Array(0);

  constructor(private readonly index: TermIndex) {}

  /**
   * The first `count` matches in relevance order after `after` ([score, popularity, seq]), or TOO_COSTLY when
   * walking would cost more than `budget` (in postings' worth: a video met is one, scoring it the scorer's cost).
   * `kept`: the share of the catalogue `keep` lets through (a category, a status).
   */
  relevance(
    words: readonly PlannedWord[],
    keep: (doc: number) => boolean,
    popular: KeptOrder,
    count: number,
    after: PageKey | undefined,
    budget: number,
    catalogueSize: number,
    kept: number,
    scorer: Scorer,
  ): number[] | typeof TOO_COSTLY {
    if (words.length > MAX_WALKED_WORDS) return TOO_COSTLY;
    if (this.pageScores.length < catalogueSize) this.pageScores = new Int32Array(catalogueSize * 2);
    const pageScores = this.pageScores;
    const { score, cost: scoreCost } = scorer;
    const bounds = tierBounds(words.map((word) => this.wordBounds(word)));
    let spent = 0;
    const afterScore = after === undefined ? Infinity : Number(after[0]);
    const page: number[] = [];
    const add = (docs: readonly number[], tier: number) => {
      for (const doc of docs) {
        page.push(doc);
        pageScores[doc] = tier;
      }
    };
    // The shared walk from the start of the popular order: each video met is filed under its score.
    const walked: number[][] = [];
    const cursor = { next: popular.list.cursor(), done: false };
    for (let tier = Math.min(bounds.length - 1, afterScore); tier > 0 && page.length < count; tier--) {
      const bound = bounds[tier];
      if (bound === 0) continue;
      const need = count - page.length;
      const from = tier === afterScore ? after!.slice(1) : undefined;
      const enumerateCost = this.tierPostings(words, tier);
      // Walking meets about need × catalogue / (bound × kept) videos, and scores the kept ones.
      const met = (need * catalogueSize) / (bound * kept);
      const walkCost = met * (1 + kept * scoreCost);
      if (enumerateCost <= walkCost) {
        spent += enumerateCost;
        if (spent > budget) return TOO_COSTLY;
        const docs = this.tierDocs(words, tier, keep, score).filter((doc) => from === undefined || popular.order.compareKey(from, doc) < 0);
        add(firstInOrder(docs, need, popular.order.compare), tier);
        continue;
      }
      if (from !== undefined) {
        // The cursor's tier starts inside the order: a walk of its own, from the key.
        const found: number[] = [];
        let ended = true;
        popular.list.scanFrom(
          (doc) => popular.order.compareKey(from, doc) < 0,
          (doc) => {
            spent++;
            if (keep(doc)) {
              spent += scoreCost;
              if (score(doc) === tier) found.push(doc);
            }
            ended = spent <= budget;
            return found.length < need && ended;
          },
        );
        if (found.length < need && !ended) return TOO_COSTLY;
        add(found, tier);
        continue;
      }
      const tierDocs = (walked[tier] ??= []);
      while (tierDocs.length < need && tierDocs.length < bound && !cursor.done) {
        const doc = cursor.next();
        if (doc === undefined) {
          cursor.done = true;
          break;
        }
        if (++spent > budget) return TOO_COSTLY;
        if (!keep(doc)) continue;
        spent += scoreCost;
        const s = score(doc);
        if (s > 0) (walked[s] ??= []).push(doc);
      }
      add(tierDocs.slice(0, need), tier);
    }
    return page;
  }

  /**
   * The first `count` matches in a kept order after `after`, or TOO_COSTLY when the walk would read more than
   * `budget` postings' worth of terms.
   */
  inOrder(
    words: readonly PlannedWord[],
    keep: (doc: number) => boolean,
    order: KeptOrder,
    count: number,
    after: PageKey | undefined,
    budget: number,
    catalogueSize: number,
    kept: number,
    scorer: Scorer,
  ): number[] | typeof TOO_COSTLY {
    if (words.length > MAX_WALKED_WORDS) return TOO_COSTLY;
    const { score, cost: scoreCost } = scorer;
    // Every match holds each word: the rarest word's documents bound the matches.
    const matches = Math.min(...words.map((word) => this.wordBounds(word).reduce((sum, n) => sum + n, 0)));
    if (matches === 0) return [];
    const met = (count * catalogueSize) / (matches * kept);
    if (met * (1 + kept * scoreCost) > budget) return TOO_COSTLY;
    const page: number[] = [];
    let spent = 0;
    let overrun = false;
    order.list.scanFrom(after === undefined ? () => true : (doc) => order.order.compareKey(after, doc) < 0, (doc) => {
      spent++;
      if (keep(doc)) {
        spent += scoreCost;
        if (score(doc) > 0) page.push(doc);
      }
      overrun = spent > budget;
      return page.length < count && !overrun;
    });
    return page.length < count && overrun ? TOO_COSTLY : page;
  }

  /** Per word score 1–6: how many documents at most can have it as their best (from the per-term field counts). */
  private wordBounds({ word, terms }: PlannedWord): number[] {
    const bounds = [0, 0, 0, 0, 0, 0, 0];
    const { fieldCounts, dictionary } = this.index;
    for (const term of terms) {
      const exact = dictionary.terms[term].length === word.length;
      bounds[exact ? 6 : 5] += fieldCounts[term * 3];
      bounds[exact ? 4 : 3] += fieldCounts[term * 3 + 1];
      bounds[exact ? 2 : 1] += fieldCounts[term * 3 + 2];
    }
    return bounds;
  }

  /**
   * The combinations of per-word scores that sum to `tier`, each with the word whose bound is the smallest
   * (the one to read postings for).
   */
  private combinations(words: readonly PlannedWord[], tier: number): { word: number; score: number }[] {
    const bounds = words.map((word) => this.wordBounds(word));
    const found: { word: number; score: number }[] = [];
    const scores: number[] = [];
    const visit = (i: number, left: number) => {
      if (i === words.length) {
        if (left !== 0) return;
        let word = 0;
        for (let w = 1; w < words.length; w++) if (bounds[w][scores[w]] < bounds[word][scores[word]]) word = w;
        if (bounds[word][scores[word]] > 0) found.push({ word, score: scores[word] });
        return;
      }
      for (let s = 1; s <= 6 && s <= left; s++) {
        scores[i] = s;
        visit(i + 1, left - s);
      }
    };
    visit(0, tier);
    return found;
  }

  /** How many postings finding a tier from the postings reads. */
  private tierPostings(words: readonly PlannedWord[], tier: number): number {
    let postings = 0;
    for (const { word, score } of this.combinations(words, tier)) {
      for (const term of this.termsFor(words[word], score)) postings += this.index.postingLengths[term] ?? 0;
    }
    return postings;
  }

  /** The kept documents whose score is `tier`, found from the postings of the terms and fields that can give it. */
  private tierDocs(words: readonly PlannedWord[], tier: number, keep: (doc: number) => boolean, score: (doc: number) => number): number[] {
    const docs = new Set<number>();
    for (const { word, score: wordScore } of this.combinations(words, tier)) {
      const field = FIELD_OF_SCORE[wordScore];
      for (const term of this.termsFor(words[word], wordScore)) {
        if (this.index.fieldCounts[term * 3 + COUNT_COLUMN[field]] === 0) continue;
        const entries = this.index.postings[term];
        for (let i = 0, n = this.index.postingLengths[term]; i < n; i++) {
          if ((entries[i] & field) === 0) continue;
          const doc = entries[i] >> 3;
          if (!docs.has(doc) && keep(doc) && score(doc) === tier) docs.add(doc);
        }
      }
    }
    return [...docs];
  }

  /** The terms of a word that give it `score`: the word itself for an even score, the longer ones for an odd. */
  private termsFor({ word, terms }: PlannedWord, score: number): number[] {
    const exact = score % 2 === 0;
    return terms.filter((term) => (this.index.dictionary.terms[term].length === word.length) === exact);
  }
}

/**
 * Per total score: how many documents at most have it, the sum over the ways the words' scores add up to it of
 * the smallest of those words' bounds (a document with that total has each of those scores).
 */
function tierBounds(perWord: readonly number[][]): number[] {
  const bounds = new Array<number>(6 * perWord.length + 1).fill(0);
  const visit = (i: number, total: number, least: number) => {
    if (least === 0) return;
    if (i === perWord.length) {
      bounds[total] += least;
      return;
    }
    for (let s = 1; s <= 6; s++) visit(i + 1, total + s, Math.min(least, perWord[i][s]));
  };
  visit(0, 0, Infinity);
  return bounds;
}
