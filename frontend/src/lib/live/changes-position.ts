import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api';

/** The answer header that says which position of the log the answer is current to (docs/design/live-updates.md). */
export const CHANGES_POSITION_HEADER = 'x-changes-position';

export interface ChangesPositionState {
  /** The smallest position an answer read since the cache was last emptied was current to. */
  readonly readThrough?: string;
}

const DECIMAL = /^\d{1,40}$/;

/**
 * The page's own position: the server sends it with the page (`server-timing: changes;desc=<position>`), whose
 * inline data was read with it (backend http/static-frontend.ts), as the API sends its answers' in the header.
 */
export const pageRead = createAction<string>('changesPosition/pageRead');

/** The position the page was served with, if the browser shows it (Server-Timing is read in secure contexts only). */
export function pagePosition(): string | undefined {
  const [navigation] = (globalThis.performance?.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  const position = navigation?.serverTiming?.find((entry) => entry.name === 'changes')?.description;
  return position && DECIMAL.test(position) ? position : undefined;
}

/** The position an API answer's action carries (RTK Query passes the fetch Response in its meta), or the page's. */
function positionIn(action: UnknownAction): string | undefined {
  if (pageRead.match(action)) return DECIMAL.test(action.payload) ? action.payload : undefined;
  const meta = action.meta as { baseQueryMeta?: { response?: { headers?: Headers } } } | undefined;
  const position = meta?.baseQueryMeta?.response?.headers?.get(CHANGES_POSITION_HEADER);
  return position && DECIMAL.test(position) ? position : undefined;
}

/**
 * Keeps the smallest position of the answers read, so that a changes stream opened after them starts from
 * it (its `Last-Event-ID`) and so receives every change made between the reads and the stream. Emptied with
 * the cache (a new session): the next user's stream starts from that user's own reads.
 */
export function changesPositionReducer(state: ChangesPositionState = {}, action: UnknownAction): ChangesPositionState {
  if (api.util.resetApiState.match(action)) return {};
  const position = positionIn(action);
  if (position === undefined || (state.readThrough !== undefined && BigInt(state.readThrough) <= BigInt(position))) return state;
  return { readThrough: position };
}
