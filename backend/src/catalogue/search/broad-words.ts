// Each video's score for a broad word, kept between queries. A broad word ("a", "sa", a word in most descriptions)
// has postings for a large share of the catalogue, and the searches that cost most at 100 000 videos are those
// whose every word is broad: their pages are found neither by walking (the page's videos are rare among those met)
// nor from the postings (too many) (bench/RESULTS.md, "Catalogue at 100 000 videos"). With each broad word's
// scores by document, a video's score for the whole query is one read per word instead of a pass over its ~60
// terms, and every video's in one pass over the arrays (broad-page.ts).
//
// The scores depend on the videos' texts only (not on counts, not on retirement, which the query's filter
// handles): they are kept while the index has not changed (`TermIndex.changes` moves with every document
// indexed: a video published or edited), and all dropped when it has.
import type { TermIndex } from './term-index';
import type { PlannedWord } from './walked-page';

/** By a posting's fields (title 4 | channel 2 | description 1): the best place, 3, 2 or 1. */
const BEST_PLACE = [0, 1, 2, 2, 3, 3, 3, 3];
/**
 * The bytes of broad words' scores kept, most recently used last: one byte per video each, so 100 kB a word at
 * 100 000 videos and some 330 words (the catalogue-scale mix asks about 600 distinct broad words and prefixes, most
 * often the commonest: bench/RESULTS.md, "Catalogue at 100 000 videos").
 */
const MAX_KEPT_BYTES = 32 * 2 ** 20;
/** A word is broad when its postings are at least this share of the catalogue. */
const BROAD_SHARE = 1 / 32;
/** Below this many postings a word is never broad (small catalogues are cheap either way). */
const MIN_BROAD_POSTINGS = 1024;

export class BroadWords {
  private readonly kept = new Map<string, Uint8Array>();
  private keptBytes = 0;
  private keptAt = -1;

  /** `minPostings`: from how many postings a word is broad, for a catalogue of `size` (tests lower it). */
  constructor(
    private readonly index: TermIndex,
    private readonly minPostings: (size: number) => number = (size) => Math.max(MIN_BROAD_POSTINGS, size * BROAD_SHARE),
  ) {}

  isBroad(word: PlannedWord, catalogueSize: number): boolean {
    return word.postings > 0 && word.postings >= this.minPostings(catalogueSize);
  }

  /** How many words' scores are kept now (dropped by any change of the index). */
  get size(): number {
    this.dropIfChanged();
    return this.kept.size;
  }

  /**
   * By document: the word's score in it, 6 (title, whole word) down to 1 (description, prefix), 0 when no word of
   * the video begins with it (prefix-match.ts scores the same way).
   */
  scoresOf(word: PlannedWord, catalogueSize: number): Uint8Array {
    this.dropIfChanged();
    let scores = this.kept.get(word.word);
    if (scores !== undefined) {
      this.kept.delete(word.word);
      if (scores.length >= catalogueSize) {
        this.kept.set(word.word, scores);
        return scores;
      }
      this.keptBytes -= scores.length;
    }
    scores = new Uint8Array(catalogueSize);
    const { dictionary, postings, postingLengths } = this.index;
    for (const term of word.terms) {
      const prefix = dictionary.terms[term].length === word.word.length ? 0 : 1;
      const entries = postings[term];
      for (let i = 0, n = postingLengths[term] ?? 0; i < n; i++) {
        const doc = entries[i] >> 3;
        const score = BEST_PLACE[entries[i] & 7] * 2 - prefix;
        if (score > scores[doc]) scores[doc] = score;
      }
    }
    this.kept.set(word.word, scores);
    this.keptBytes += scores.length;
    for (const [oldest, dropped] of this.kept) {
      if (this.keptBytes <= MAX_KEPT_BYTES || oldest === word.word) break;
      this.kept.delete(oldest);
      this.keptBytes -= dropped.length;
    }
    return scores;
  }

  private dropIfChanged(): void {
    if (this.keptAt === this.index.changes) return;
    this.kept.clear();
    this.keptBytes = 0;
    this.keptAt = this.index.changes;
  }
}
