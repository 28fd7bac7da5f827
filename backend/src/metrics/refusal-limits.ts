import type { ErrorCode } from '../errors/error-catalogue';

/**
 * The `limit` label of techtube_refusals_total for each refusal a limit or a cap answers (README
 * "Configuration" lists the settings behind them); any other error is no refusal. The view-report guard
 * answers with the writes' message but counts its own limit: it names it on the error (TooManyAttempts).
 */
const LIMIT_OF_CODE: Partial<Record<ErrorCode, string>> = {
  TOO_MANY_LOGIN_ATTEMPTS: 'login',
  TOO_MANY_PASSWORD_ATTEMPTS: 'password',
  TOO_MANY_SIGNUPS: 'signup',
  TOO_MANY_WRITES: 'writes',
  TOO_MANY_PUBLIC_READS: 'public_reads',
  TOO_MANY_LIVE_STREAMS: 'live_streams',
  LIVE_STREAMS_FULL: 'live_streams',
  PLAYLIST_CAP_REACHED: 'playlists',
  PLAYLIST_VIDEO_CAP_REACHED: 'playlist_videos',
  IMPORT_TOO_LARGE: 'import_entries',
};

/** The limit an error is the refusal of, or undefined. Reads `code` (and a `limit` a guard named) only. */
export function refusalLimit(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, limit } = error as { code?: unknown; limit?: unknown };
  if (typeof limit === 'string') return limit;
  return typeof code === 'string' ? LIMIT_OF_CODE[code as ErrorCode] : undefined;
}
