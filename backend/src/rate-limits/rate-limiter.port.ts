/** At most `limit` attempts of one key within any `windowMs` (a sliding window). */
export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/** One attempt counted (give it back with `release` if it should not count after all), or refused with the wait. */
export type Reservation = { readonly allowed: true; readonly id: string } | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * Counts attempts per key (a login email or address, a signup address, a user's writes). The
 * in-process adapter serves one instance; the Redis one shares the counts between every instance of
 * a deployment. Each operation touches one key only, so it works on Redis Cluster too.
 */
export interface RateLimiter {
  /** Counts one attempt of `key`, unless `limit` attempts are already in the window: then how long until one leaves it. */
  reserve(key: string, limit: RateLimit): Promise<Reservation>;
  /** Takes back one counted attempt (its outcome says it does not count). */
  release(key: string, id: string, limit: RateLimit): Promise<void>;
  /** Forgets every attempt of `key` (a successful login forgives its email's failures). */
  clear(key: string, limit: RateLimit): Promise<void>;
  close(): Promise<void>;
}

export const RATE_LIMITER = Symbol('RATE_LIMITER');

/** `retry-after` in whole seconds, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** `::ffff:192.0.2.1` (IPv4 seen through an IPv6 socket) is the same client as `192.0.2.1`. */
export function normaliseAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();
}
