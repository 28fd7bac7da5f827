// The first videos of a set in an order, after a page key, choosing the cheaper of two ways: when the set
// is a large part of the catalogue (a common word, a short prefix), walking the kept order and testing
// membership stops after about count × catalogue / set entries; otherwise a heap over the set reads each
// member once. Walking costs less when count × catalogue < set² (bench/RESULTS.md, "Catalogue search at
// 100 000 videos").
import { firstInOrder } from './first-in-order';
import type { PageKey } from './search-types';
import type { SortOrder } from './sort-orders';
import type { SortedBlocks } from './sorted-blocks';

export interface OrderedSet {
  /** The members (those before `after` too), in any order. */
  readonly docs: readonly number[];
  readonly has: (doc: number) => boolean;
}

export function firstOf(
  set: OrderedSet,
  count: number,
  kept: { readonly order: SortOrder; readonly list: SortedBlocks },
  catalogueSize: number,
  after: PageKey | undefined,
): number[] {
  const { order, list } = kept;
  if (count * catalogueSize < set.docs.length * set.docs.length) {
    const page: number[] = [];
    list.scanFrom(after === undefined ? () => true : (doc) => order.compareKey(after, doc) < 0, (doc) => {
      if (set.has(doc)) page.push(doc);
      return page.length < count;
    });
    return page;
  }
  const candidates = after === undefined ? set.docs : set.docs.filter((doc) => order.compareKey(after, doc) < 0);
  return firstInOrder(candidates, count, order.compare);
}
