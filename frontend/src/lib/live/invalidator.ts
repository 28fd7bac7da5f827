import { api } from '../api';
import { announceLiveChange, type LiveChange } from './live-change';
import { anyRequestPending, type RequestsStore } from './pending-requests';

type Tags = Parameters<typeof api.util.invalidateTags>[0];

/** The part of the app's store used: RTK Query's requests, and dispatch for thunks. */
export interface InvalidatorStore extends RequestsStore {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK's thunks and plain actions alike
  dispatch(action: any): unknown;
}

type Refetch = (arg: unknown, options: { subscribe: false; forceRefetch: true }) => unknown;

/**
 * Reads again the answers each change names: every cached answer the tags match, on screen or not. Not RTK
 * Query's invalidateTags, which drops a matched answer no component shows: the page left a moment ago
 * (history, while the player records the watch) would come back to a skeleton instead of its list.
 *
 * While a request is on its way the reading waits for it, as RTK Query's own "delayed" invalidation does: a
 * read started before the change would answer without it, and one of the user's own writes has its guess
 * on screen, which an answer read in between (the echo of its first move, say, while three are queued)
 * would replace with an older list for a moment. RTK Query keeps the data while it refetches, and no page
 * shows a loader over data, so the echo of the user's own change reads again to what is already shown,
 * without a flicker (docs/design/live-updates.md, "In the browser").
 */
export function createInvalidator(store: InvalidatorStore) {
  let tags: Tags = [];
  let dropTags: Tags = [];
  let changes: LiveChange[] = [];
  let waiting: (() => void) | undefined;
  const flush = () => {
    if (anyRequestPending(store)) return;
    waiting?.();
    waiting = undefined;
    const [now, drop, told] = [tags, dropTags, changes];
    [tags, dropTags, changes] = [[], [], []];
    if (drop.length) store.dispatch(api.util.invalidateTags(drop));
    const endpoints = api.endpoints as unknown as Record<string, { initiate: Refetch } | undefined>;
    for (const { endpointName, originalArgs } of api.util.selectInvalidatedBy(store.getState() as never, now)) {
      const refetch = endpoints[endpointName]?.initiate(originalArgs, { subscribe: false, forceRefetch: true });
      if (refetch) store.dispatch(refetch);
    }
    told.forEach(announceLiveChange);
  };
  /** `keepUnshown: false`: an answer no page shows is dropped (read when next asked for) rather than read now. */
  return (more: Tags, change?: LiveChange, { keepUnshown = true } = {}) => {
    if (keepUnshown) tags = [...tags, ...more];
    else dropTags = [...dropTags, ...more];
    if (change) changes.push(change);
    if (!anyRequestPending(store)) flush();
    else waiting ??= store.subscribe(flush);
  };
}
