// A search page when every word is broad and walking the kept order would meet too many videos before the page is
// certain (walked-page.ts gave up): one pass over the catalogue reads each video's score from the words' kept
// scores (broad-words.ts), a byte per word, so its cost is bounded by the catalogue's size instead of by the
// postings (bench/RESULTS.md, "Catalogue at 100 000 videos"). The page is the one matching every video gives
// (prefix-match.ts): relevance is the score, then the popular order; other sorts their kept order.
import { firstInOrder } from './first-in-order';
import type { PageKey } from './search-types';
import type { KeptOrder } from './walked-page';

/** Walk a large tier in the popular order while that meets at most 1/WALK_SHARE of the catalogue; else collect it. */
const WALK_SHARE = 4;

/** The query's score of each video from its words' kept scores: 0 unless every word has one. */
export function scoreOf(words: readonly Uint8Array[]): (doc: number) => number {
  if (words.length === 1) {
    const [only] = words;
    return (doc) => only[doc];
  }
  return (doc) => {
    let total = 0;
    for (let w = 0; w < words.length; w++) {
      const s = words[w][doc];
      if (s === 0) return 0;
      total += s;
    }
    return total;
  };
}

export class BroadPage {
  /** By document: the score of each video of the last relevance page (its page key's first part). */
  pageScores = new Int32Array(0);

  /** The first `count` matches in relevance order after `after` ([score, popularity, seq]). */
  relevance(
    words: readonly Uint8Array[],
    keep: (doc: number) => boolean,
    popular: KeptOrder,
    count: number,
    after: PageKey | undefined,
    catalogueSize: number,
  ): number[] {
    if (this.pageScores.length < catalogueSize) this.pageScores = new Int32Array(catalogueSize * 2);
    const score = scoreOf(words);
    const afterScore = after === undefined ? Infinity : Number(after[0]);
    const from = after?.slice(1);
    const isAfter = (doc: number, s: number) => s < afterScore || (s === afterScore && popular.order.compareKey(from!, doc) < 0);
    // Each tier's size, and its first `count` videos met (all of them when it holds no more).
    const sizes = new Int32Array(6 * words.length + 1);
    const met: number[][] = Array.from({ length: sizes.length }, () => []);
    for (let doc = 0; doc < catalogueSize; doc++) {
      const s = score(doc);
      if (s === 0 || s > afterScore || !keep(doc) || !isAfter(doc, s)) continue;
      if (sizes[s]++ < count) met[s].push(doc);
    }
    const page: number[] = [];
    for (let tier = sizes.length - 1; tier > 0 && page.length < count; tier--) {
      const size = sizes[tier];
      if (size === 0) continue;
      const need = count - page.length;
      let docs: number[];
      if (size <= count) docs = firstInOrder(met[tier], need, popular.order.compare);
      else if (need * WALK_SHARE <= size) {
        docs = this.walk(popular, need, tier === afterScore ? from : undefined, (doc) => score(doc) === tier && keep(doc));
      } else docs = firstInOrder(this.collectTier(score, tier, keep, isAfter, catalogueSize), need, popular.order.compare);
      for (const doc of docs) {
        page.push(doc);
        this.pageScores[doc] = tier;
      }
    }
    return page;
  }

  /** The first `count` matches in a kept order after `after`. */
  inOrder(
    words: readonly Uint8Array[],
    keep: (doc: number) => boolean,
    kept: KeptOrder,
    count: number,
    after: PageKey | undefined,
    catalogueSize: number,
  ): number[] {
    const score = scoreOf(words);
    // The matches after `after`, all of them while they are few; when many, the walk finds the page sooner.
    const few = count * WALK_SHARE;
    const found: number[] = [];
    let matches = 0;
    for (let doc = 0; doc < catalogueSize; doc++) {
      if (score(doc) === 0 || !keep(doc) || (after !== undefined && kept.order.compareKey(after, doc) >= 0)) continue;
      if (matches++ < few) found.push(doc);
    }
    if (matches <= few) return firstInOrder(found, count, kept.order.compare);
    return this.walk(kept, count, after, (doc) => score(doc) > 0 && keep(doc));
  }

  /** The first `need` videos after `after` in the order that `wanted` holds for (they are many: the walk stops early). */
  private walk(kept: KeptOrder, need: number, after: PageKey | undefined, wanted: (doc: number) => boolean): number[] {
    const docs: number[] = [];
    kept.list.scanFrom(after === undefined ? () => true : (doc) => kept.order.compareKey(after, doc) < 0, (doc) => {
      if (wanted(doc)) docs.push(doc);
      return docs.length < need;
    });
    return docs;
  }

  private collectTier(
    score: (doc: number) => number,
    tier: number,
    keep: (doc: number) => boolean,
    isAfter: (doc: number, s: number) => boolean,
    catalogueSize: number,
  ): number[] {
    const docs: number[] = [];
    for (let doc = 0; doc < catalogueSize; doc++) if (score(doc) === tier && keep(doc) && isAfter(doc, tier)) docs.push(doc);
    return docs;
  }
}
