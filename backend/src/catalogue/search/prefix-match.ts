// Which documents hold every query word as the beginning of one of their words, and how well
// (docs/design/catalogue.md, "Public answers"). A word scores where it matched best: title 6, channel 4,
// description 2, one less for a prefix than for the whole word; a document's score is the sum over the
// words. The cheapest word (fewest postings under its prefix) makes the candidates; each further word
// either reads its postings or, when there are few candidates left, looks at the candidates' own terms.
import { TermIndex } from './term-index';
import type { PlannedWord } from './walked-page';

/** By a posting's fields (title 4 | channel 2 | description 1): the best place, 3, 2 or 1. */
const BEST_PLACE = [0, 1, 2, 2, 3, 3, 3, 3];
/** Reading a candidate's terms costs about this many postings per term. */
const FORWARD_COST = 2;

export interface Matches {
  /** The matching documents, in no particular order. */
  readonly docs: number[];
  /** By document number: the score of each matching document (other entries are stale). */
  readonly scores: Int32Array;
  readonly has: (doc: number) => boolean;
}

export const NO_MATCHES: Matches = { docs: [], scores: new Int32Array(0), has: () => false };

export class PrefixMatcher {
  private seen = new Uint32Array(0);
  private scores = new Int32Array(0);
  private wordScores = new Int32Array(0);
  private stamp = 0;

  constructor(private readonly index: TermIndex) {}

  /** Each word's terms and postings, the cheapest word first. */
  plan(words: readonly string[]): PlannedWord[] {
    return words
      .map((word) => {
        const terms = this.index.dictionary.withPrefix(word);
        let postings = 0;
        for (const term of terms) postings += this.index.postingLengths[term] ?? 0;
        return { word, terms, postings };
      })
      .sort((a, b) => a.postings - b.postings);
  }

  /** `kept`: by word, its score in each document when kept (broad-words.ts): the candidates are narrowed by it. */
  match(planned: readonly PlannedWord[], documentCount: number, kept: readonly (Uint8Array | undefined)[] = []): Matches {
    this.reserve(documentCount);
    let docs: number[] = [];
    planned.forEach(({ word, terms, postings }, i) => {
      const scores = kept[i];
      if (i === 0) docs = this.firstWord(word, terms);
      else if (docs.length === 0) return;
      else if (scores !== undefined) docs = this.narrowByScores(docs, scores);
      else if (docs.length * this.averageTerms(documentCount) * FORWARD_COST < postings) docs = this.narrowByTerms(docs, word);
      else docs = this.narrowByPostings(docs, word, terms);
    });
    const { seen, stamp } = this;
    return { docs, scores: this.scores, has: (doc) => seen[doc] === stamp };
  }

  private firstWord(word: string, terms: readonly number[]): number[] {
    const { seen, scores } = this;
    const stamp = this.nextStamp();
    const docs: number[] = [];
    for (const term of terms) {
      const exact = this.index.dictionary.terms[term].length === word.length ? 0 : 1;
      const entries = this.index.postings[term];
      for (let i = 0, n = this.index.postingLengths[term]; i < n; i++) {
        const doc = entries[i] >> 3;
        const score = BEST_PLACE[entries[i] & 7] * 2 - exact;
        if (seen[doc] !== stamp) {
          seen[doc] = stamp;
          scores[doc] = score;
          docs.push(doc);
        } else if (score > scores[doc]) scores[doc] = score;
      }
    }
    return docs;
  }

  private narrowByPostings(docs: number[], word: string, terms: readonly number[]): number[] {
    const { seen, wordScores } = this;
    const candidate = this.stamp;
    const stamp = this.nextStamp();
    for (const term of terms) {
      const exact = this.index.dictionary.terms[term].length === word.length ? 0 : 1;
      const entries = this.index.postings[term];
      for (let i = 0, n = this.index.postingLengths[term]; i < n; i++) {
        const doc = entries[i] >> 3;
        const score = BEST_PLACE[entries[i] & 7] * 2 - exact;
        if (seen[doc] === candidate) {
          seen[doc] = stamp;
          wordScores[doc] = score;
        } else if (seen[doc] === stamp && score > wordScores[doc]) wordScores[doc] = score;
      }
    }
    const kept: number[] = [];
    for (const doc of docs) {
      if (seen[doc] !== stamp) continue;
      this.scores[doc] += wordScores[doc];
      kept.push(doc);
    }
    return kept;
  }

  /** The candidates the word scores in, by its kept scores: what narrowByPostings finds, without reading them. */
  private narrowByScores(docs: number[], wordScores: Uint8Array): number[] {
    const stamp = this.nextStamp();
    const kept: number[] = [];
    for (const doc of docs) {
      const score = wordScores[doc];
      if (score === 0) continue;
      this.seen[doc] = stamp;
      this.scores[doc] += score;
      kept.push(doc);
    }
    return kept;
  }

  private narrowByTerms(docs: number[], word: string): number[] {
    const { forward, forwardStart, forwardLength, dictionary } = this.index;
    const stamp = this.nextStamp();
    const kept: number[] = [];
    for (const doc of docs) {
      let best = 0;
      for (let i = forwardStart[doc], end = i + forwardLength[doc]; i < end; i++) {
        const term = dictionary.terms[forward[i] >> 3];
        if (!term.startsWith(word)) continue;
        const score = BEST_PLACE[forward[i] & 7] * 2 - (term.length === word.length ? 0 : 1);
        if (score > best) best = score;
      }
      if (best === 0) continue;
      this.seen[doc] = stamp;
      this.scores[doc] += best;
      kept.push(doc);
    }
    return kept;
  }

  private averageTerms(documentCount: number): number {
    return Math.max(1, this.index.forwardEntries / Math.max(1, documentCount));
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  private reserve(documentCount: number): void {
    if (this.seen.length >= documentCount) return;
    const size = Math.max(1024, documentCount * 2);
    const seen = new Uint32Array(size);
    seen.set(this.seen);
    this.seen = seen;
    this.scores = new Int32Array(size);
    this.wordScores = new Int32Array(size);
  }
}
