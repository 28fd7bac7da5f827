import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { notify } from '@/components/toasts';

// SPEC §8: these calls tell the user what went wrong, with the server's first error message
// when it sent one and otherwise a generic text that differs per feature (sic, verbatim).
const LIKES = 'Sorry !! Something went wrong ...Try Again Later';
const WATCH_LATER = 'Something went wrong ...Try Again Later';
const AUTH = 'Something went wrong !! ...Try again later';
const toastedEndpoints: Record<string, string> = {
  getLikes: LIKES,
  addLike: LIKES,
  removeLike: LIKES,
  getWatchLater: WATCH_LATER,
  addToWatchLater: WATCH_LATER,
  removeFromWatchLater: WATCH_LATER,
  login: AUTH,
  signup: AUTH,
};
// Every other failure (history, playlists, catalogue) is only logged, as the spec asks; the library
// controls' own calls toast it when the server gives no reason.
export const GENERIC_ERROR = 'Sorry! Something Went Wrong....Try Again Later';

export function firstServerError(payload: unknown): string | undefined {
  const data = (payload as { data?: { errors?: unknown } } | undefined)?.data;
  const first = Array.isArray(data?.errors) ? data.errors[0] : undefined;
  return typeof first === 'string' && first.trim() ? first : undefined;
}

/** Toasts the server's first error message for a failed call, or `fallback` when it sent none. */
export function notifyServerError(error: unknown, fallback = GENERIC_ERROR): void {
  notify.error(firstServerError(error) ?? fallback);
}

export const errorToastMiddleware: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const endpointName = (action.meta.arg as { endpointName?: string } | undefined)?.endpointName;
    const generic = endpointName ? toastedEndpoints[endpointName] : undefined;
    if (generic) notifyServerError(action.payload, generic);
    else console.warn(GENERIC_ERROR, endpointName, action.payload);
  }
  return next(action);
};
