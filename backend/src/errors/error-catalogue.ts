/**
 * Every error the API can answer with: a stable code, its HTTP status and the message clients
 * show (docs/api.md lists each route's). The first block is the original API's messages verbatim — existing
 * clients display these strings, so they must never change. The rest covers cases those do not name.
 */
export const ERRORS = {
  EMAIL_EXISTS: { status: 422, message: 'Unprocessable Entity. Email Already Exists.' },
  EMAIL_NOT_REGISTERED: { status: 404, message: 'The email you entered is not Registered. Not Found error' },
  USER_NOT_FOUND: { status: 404, message: 'The user you request does not exist. Not Found error.' },
  INVALID_CREDENTIALS: { status: 401, message: 'The credentials you entered are invalid. Unauthorized access error.' },
  INVALID_TOKEN: { status: 401, message: 'The token is invalid. Unauthorized access error.' },
  ALREADY_IN_HISTORY: { status: 409, message: 'The video is already in your history' },
  ALREADY_LIKED: { status: 409, message: 'The video is already in your liked videos' },
  ALREADY_IN_PLAYLIST: { status: 409, message: 'The video is already in your playlist' },
  ALREADY_IN_WATCH_LATER: { status: 409, message: 'The video is already in your watch later videos' },

  VIDEO_NOT_FOUND: { status: 404, message: 'The video you requested does not exist. Not Found error.' },
  CATEGORY_NOT_FOUND: { status: 404, message: 'The category you requested does not exist. Not Found error.' },
  PLAYLIST_NOT_FOUND: { status: 404, message: 'The playlist you requested does not exist. Not Found error.' },
  VIDEO_NOT_IN_PLAYLIST: { status: 404, message: 'The video is not in this playlist. Not Found error.' },
  PLAYLIST_INDEX_OUT_OF_RANGE: {
    status: 400,
    message: 'toIndex must be a place in the playlist: from 0 to the number of its videos minus one.',
  },
  HISTORY_PAUSED: { status: 409, message: 'Your history is paused, so nothing was recorded. Resume it in Settings.' },
  /** DELETE /user: the password that confirms the deletion is wrong; nothing was deleted. */
  ACCOUNT_PASSWORD_WRONG: { status: 403, message: 'The password you entered is not correct. Your account was not deleted.' },
  NOTHING_TO_UNDO: { status: 409, message: 'There is nothing to undo.' },
  /** Sharing, channels, progress and the account. */
  /** The catalogue (docs/design/catalogue.md). */
  VIDEO_RETIRED: { status: 410, message: 'This video is no longer available.' },
  VIDEO_EXISTS: { status: 409, message: 'A video with this id is already in the catalogue. Restore it if it was retired.' },
  CATEGORY_EXISTS: { status: 409, message: 'A category with this name or slug already exists.' },
  /** A name (or slug) that is another category's id, slug or name: a lookup by it would find that other category. */
  CATEGORY_NAME_AMBIGUOUS: {
    status: 409,
    message: 'A category name or slug cannot be another category’s id, slug or name: a lookup by it would find that category.',
  },
  /** `videos`: how many published and retired videos still name the category. */
  CATEGORY_NOT_EMPTY: {
    status: 409,
    message: 'This category still has videos, retired ones included. Move them to another category first.',
  },
  /** `category`: the removed category a retired video still names (docs/design/catalogue.md, "Categories and their videos"). */
  VIDEO_CATEGORY_REMOVED: {
    status: 409,
    message: 'This video’s category was removed. Give the video another category, then restore it.',
  },
  INVALID_CURSOR: { status: 400, message: 'The cursor is not one this catalogue gave out. Start again from the first page.' },
  CATALOGUE_IMPORT_TOO_LARGE: { status: 413, message: 'An import takes at most 10000 videos (and 8 MB) at once.' },
  CHANNEL_NOT_FOUND: { status: 404, message: 'The channel you requested does not exist. Not Found error.' },
  ALREADY_SUBSCRIBED: { status: 409, message: 'You are already subscribed to this channel' },
  PROGRESS_BEYOND_DURATION: { status: 400, message: 'seconds must not be more than the video’s duration.' },
  WRONG_CURRENT_PASSWORD: { status: 400, message: 'The current password is not correct, so the password was not changed.' },
  /** Operators (docs/design/catalogue.md): the role is read from the profile on every request, never from the token. */
  NOT_AN_OPERATOR: { status: 403, message: 'Only operators can change the catalogue.' },
  CANNOT_REVOKE_SELF: { status: 409, message: 'You cannot revoke your own operator role. Ask another operator.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'There is no such API route. Not Found error.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large (limit 100 kB).' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON, or holds a forbidden key such as __proto__.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as application/json.' },
  BODY_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply (limit 32 levels).' },
  BAD_URL: { status: 400, message: 'The request URL is not valid.' },
  URL_TOO_LONG: { status: 414, message: 'The request URL is too long.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  /** `N` is replaced by the seconds until the next attempt is allowed (also sent as `retry-after`). */
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, message: 'Too many login attempts. Try again in N seconds.' },
  TOO_MANY_SIGNUPS: { status: 429, message: 'Too many accounts were created from your address. Try again in N seconds.' },
  TOO_MANY_WRITES: { status: 429, message: 'Too many changes in a short time. Try again in N seconds.' },
  TOO_MANY_PASSWORD_ATTEMPTS: { status: 429, message: 'Too many wrong passwords. Try again in N seconds.' },
  TOO_MANY_PUBLIC_READS: {
    status: 429,
    message: 'Too many requests for shared playlists from your address. Try again in N seconds.',
  },
  /** The open catalogue streams one address may hold (LIVE_PUBLIC_STREAMS_PER_ADDRESS, docs/design/live-updates.md). */
  TOO_MANY_LIVE_STREAMS: { status: 429, message: 'Too many open change streams from your address. Close one and try again.' },
  /** Caps (settings, config/app-config.ts): `N` is replaced by the cap. */
  PLAYLIST_CAP_REACHED: {
    status: 422,
    message: 'Playlist limit reached: you can have at most N playlists. Delete one before creating, importing or restoring another.',
  },
  PLAYLIST_VIDEO_CAP_REACHED: {
    status: 422,
    message: 'Playlist size limit reached: a playlist can hold at most N videos. Remove one before adding or importing more.',
  },
  IMPORT_TOO_LARGE: {
    status: 413,
    message: 'The import holds too many entries: at most N (videos and playlists together). Split it into smaller files.',
  },
  BUSY: { status: 503, message: 'Too many changes to this list at once. Try again.' },
  /** Idempotency-Key (api/idempotency-keys.ts; answered by a Fastify hook, with these messages). */
  IDEMPOTENCY_KEY_MALFORMED: {
    status: 400,
    message: 'Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example).',
  },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, message: 'A request with this Idempotency-Key is still being processed. Retry it in a moment.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for another request. Send a new key with a new request.',
  },
  /** Not answered by writes any more (they answer 202 "saved, still updating"); kept for the projector's own wait. */
  READ_MODEL_LAGGING: { status: 503, message: 'Your change was saved, but the lists are still updating. Reload in a moment.' },
  READ_MODEL_UNAVAILABLE: { status: 503, message: 'Your lists cannot be read right now. Try again in a moment.' },
  STORE_UNAVAILABLE: { status: 503, message: 'Changes cannot be saved right now. Try again later.' },
  /** The open streams this instance takes (LIVE_STREAMS_MAX, docs/design/live-updates.md "Bounds"). */
  LIVE_STREAMS_FULL: { status: 503, message: 'The server holds too many change streams right now. Try again in a moment.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Try again later.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
