import { RateLimit, RateLimiter, Reservation } from './rate-limiter.port';

/** The hard cap on keys held per window length: past it the least recently tried are dropped. */
const MAX_KEYS = 100_000;

interface Attempt {
  readonly id: string;
  readonly at: number;
}

/**
 * In-process sliding windows: per key, the times of its attempts still in the window (at most
 * `limit` of them, since an attempt over the limit is refused, not counted).
 *
 * Each attempt costs O(1) however many keys are held: a key moves to the end of its map's insertion
 * order whenever it is tried, so the front holds the keys tried longest ago, and expired ones are
 * dropped from there, a few at a time, never by scanning them all. Keys are kept in one map per
 * window length, so that every map expires in the order it is sorted in.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<number, Map<string, Attempt[]>>();
  private next = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, { limit, windowMs }: RateLimit): Promise<Reservation> {
    const now = this.now();
    const keys = this.keysOf(windowMs);
    const attempts = live(keys, key, now - windowMs);
    if (attempts && attempts.length >= limit) {
      // The attempt that must leave the window before the count drops under the limit.
      return { allowed: false, retryAfterMs: Math.max(1, attempts[attempts.length - limit]!.at + windowMs - now) };
    }
    sweep(keys, now - windowMs);
    const id = `m${++this.next}`;
    const held = attempts ?? [];
    held.push({ id, at: now });
    // Re-inserted, so that it moves to the end: the map stays ordered by last attempt.
    keys.delete(key);
    keys.set(key, held);
    return { allowed: true, id };
  }

  async release(key: string, id: string, { windowMs }: RateLimit): Promise<void> {
    const keys = this.windows.get(windowMs);
    const attempts = keys?.get(key);
    if (!keys || !attempts) return;
    const index = attempts.findIndex((attempt) => attempt.id === id);
    if (index >= 0) attempts.splice(index, 1);
    if (attempts.length === 0) keys.delete(key);
  }

  async clear(key: string, { windowMs }: RateLimit): Promise<void> {
    this.windows.get(windowMs)?.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private keysOf(windowMs: number): Map<string, Attempt[]> {
    let keys = this.windows.get(windowMs);
    if (!keys) this.windows.set(windowMs, (keys = new Map()));
    return keys;
  }
}

/** A key's attempts still in the window, oldest first (expired ones are dropped). */
function live(keys: Map<string, Attempt[]>, key: string, expiredAtOrBefore: number): Attempt[] | undefined {
  const attempts = keys.get(key);
  if (!attempts) return undefined;
  while (attempts.length > 0 && attempts[0]!.at <= expiredAtOrBefore) attempts.shift();
  if (attempts.length > 0) return attempts;
  keys.delete(key);
  return undefined;
}

/**
 * Drops keys from the front while their last attempt has left the window (each key is dropped once,
 * so this is O(1) per attempt on average), then the least recently tried past MAX_KEYS (a flood of
 * distinct keys; a flood from one address is still held by the address's own key).
 */
function sweep(keys: Map<string, Attempt[]>, expiredAtOrBefore: number): void {
  for (const [key, attempts] of keys) {
    if (attempts.length > 0 && attempts[attempts.length - 1]!.at > expiredAtOrBefore) break;
    keys.delete(key);
  }
  while (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
}
