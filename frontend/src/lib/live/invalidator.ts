import type { UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api';
import { announceLiveChange, type LiveChange } from './live-change';

type Tags = Parameters<typeof api.util.invalidateTags>[0];

/** The part of the app's store used: RTK Query's mutations, to know whether a write of the user's is on its way. */
export interface InvalidatorStore {
  getState(): { api: { mutations: Record<string, { status?: string } | undefined> } };
  dispatch(action: UnknownAction): unknown;
  subscribe(listener: () => void): () => void;
}

const anyWritePending = (store: InvalidatorStore) => Object.values(store.getState().api.mutations).some((m) => m?.status === 'pending');

/**
 * Reads again the answers each change names. While one of the user's own writes is still on its way, the
 * refetch waits for it: its optimistic guess is on screen, and an answer read in between (the echo of its
 * first move, say, while three are queued) would show an older list for a moment. RTK Query keeps the data
 * while it refetches, and no page shows a loader over data, so the echo of the user's own change reads
 * again to what is already shown, without a flicker (docs/design/live-updates.md, "In the browser").
 */
export function createInvalidator(store: InvalidatorStore) {
  let tags: Tags = [];
  let changes: LiveChange[] = [];
  let waiting: (() => void) | undefined;
  const flush = () => {
    if (anyWritePending(store)) return;
    waiting?.();
    waiting = undefined;
    const [now, told] = [tags, changes];
    [tags, changes] = [[], []];
    store.dispatch(api.util.invalidateTags(now));
    told.forEach(announceLiveChange);
  };
  return (more: Tags, change?: LiveChange) => {
    tags = [...tags, ...more];
    if (change) changes.push(change);
    if (!anyWritePending(store)) flush();
    else waiting ??= store.subscribe(flush);
  };
}
