import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { takeEarlyRead } from './early-read';
import { notify } from './notify';
import { GENERIC_ERROR, notifyServerError } from './server-errors';
import { endsTheSession, selectToken, type SessionState } from './session-token';
import type { SavedStillUpdating } from './types';

/**
 * How a failed call is reported, declared by each endpoint in its `extraOptions`: with `errorToast`
 * the user sees the server's first error message, or this text when it sent none; without it the
 * failure is only logged.
 */
interface ErrorPolicy {
  errorToast?: string;
  /** A 400 names fields: the form shows it beside them (see lib/field-errors.ts) instead of a toast. */
  fieldErrors?: boolean;
}

const fetchApi = fetchBaseQuery({
  baseUrl: '/api',
  // A signed-in list page's read may have been started by index.html already: its answer is taken, not asked again.
  fetchFn: (request, init) => (request instanceof Request && takeEarlyRead(request)) || fetch(request, init),
  prepareHeaders: (headers, { getState }) => {
    const token = selectToken(getState() as SessionState);
    // The contract sends the raw token, without a "Bearer" prefix.
    if (token) headers.set('authorization', token);
    return headers;
  },
});

/** A fresh key per action; randomUUID needs a secure context, so plain http on a LAN address falls back. */
const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Every change of a user's library carries an Idempotency-Key, so that the one retry after a lost
 * answer (the request may have been written) is answered from the first attempt, never done twice.
 */
function withIdempotencyKey(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || !args.method || args.method === 'GET' || !args.url.startsWith('/user/')) return args;
  return { ...args, headers: { ...(args.headers as Record<string, string> | undefined), 'idempotency-key': newKey() } };
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ErrorPolicy, FetchBaseQueryMeta> = async (
  rawArgs,
  call,
  policy,
) => {
  const args = withIdempotencyKey(rawArgs);
  let result = await fetchApi(args, call, policy);
  if (result.error?.status === 'FETCH_ERROR' && args !== rawArgs && !call.signal.aborted) result = await fetchApi(args, call, policy);
  if (result.meta?.response?.status === 202) {
    // Saved, but the lists are still updating (the server's projection is behind): say so, and read
    // them again shortly instead of retrying a write that is already stored.
    const { message } = (result.data ?? {}) as Partial<SavedStillUpdating>;
    if (message) notify.success(message);
    setTimeout(() => call.dispatch(api.util.invalidateTags([...LIST_TAGS])), 2000);
  }
  const shownByTheForm = policy?.fieldErrors && result.error?.status === 400;
  // The session's end says so itself: the server's words for it would be a second toast about the same thing.
  const sessionEnded = endsTheSession(result.error?.status, call.getState() as SessionState);
  if (result.error && !call.signal.aborted && !shownByTheForm && !sessionEnded) {
    if (policy?.errorToast) notifyServerError(result.error, policy.errorToast);
    else console.warn(GENERIC_ERROR, call.endpoint, result.error);
  }
  return result;
};

// One API slice for the whole app; features add their endpoints with injectEndpoints. User lists
// are not keyed by user: the store empties the cache whenever the session changes (app/session-listeners.ts).
// Each list has its own tag so that a failed write can resync just that list; an undo or an import
// changes any of them, so those invalidate LIST_TAGS.
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Videos',
    'Categories',
    'Likes',
    'WatchLater',
    'History',
    'HistorySearch',
    'Playlists',
    'Settings',
    'Progress',
    'Subscriptions',
    'Profile',
  ],
  endpoints: () => ({}),
});

/**
 * The list of playlists, beside each playlist tagged by its id: a change to one playlist reads again the list
 * and that playlist, not every playlist cached (lib/live/live-tags.ts). `'Playlists'` alone still matches all.
 */
export const PLAYLISTS_LIST = { type: 'Playlists', id: 'LIST' } as const;
/** Every page of videos (home, a category, up next), beside each video tagged by its id, likewise. */
export const VIDEOS_LIST = { type: 'Videos', id: 'LIST' } as const;

/** Every tag that holds a user's library: what an undo or an import may have changed. */
export const LIST_TAGS = ['Likes', 'WatchLater', 'History', 'HistorySearch', 'Playlists', 'Settings', 'Subscriptions'] as const;
