import { useDeferredValue } from 'react';

/**
 * An API answer as the page shows it: rendered in slices. react-redux hands a page the answer as an urgent update,
 * which React renders, commits and lays out in one task (the cards, the rows, the page around them); as a deferred
 * value it is rendered in a transition instead, yielding to the browser every few milliseconds, so that a slow
 * phone answers input while the page fills (README, "Speed on a phone").
 *
 * `shown` is the answer the page renders, a moment behind `answered`; `rendering` is true in that moment, while the
 * answer has come but is not shown yet: a page says it is still loading rather than, say, that the list is empty.
 */
export function useRenderedInSlices<T>(answered: T | undefined): { shown: T | undefined; rendering: boolean } {
  const shown = useDeferredValue(answered);
  return { shown, rendering: answered !== undefined && shown === undefined };
}
