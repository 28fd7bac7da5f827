import { RateLimit, RateLimiter, Reservation } from './rate-limiter.port';

/** The hard cap on keys held per window length: past it the least recently tried are dropped. */
const MAX_KEYS = 100_000;

interface Attempt {
  /** Attempts are numbered in the order they were made (ids: `m<seq>`). */
  readonly seq: number;
  readonly at: number;
}

/** The keys of one window length, and every attempt's (key, time) in the order they were made. */
interface Window {
  readonly keys: Map<string, Attempt[]>;
  /** Oldest first from `head`: the entries before it are done with. */
  queue: (Attempt & { readonly key: string })[];
  head: number;
}

/**
 * In-process sliding windows: per key, the times of its attempts still in the window (at most
 * `limit` of them, since an attempt over the limit is refused, not counted).
 *
 * Each attempt costs O(1) however many keys are held. Every attempt also goes at the end of a queue,
 * so the queue's front holds the attempts made longest ago: expired keys are dropped from there, and
 * past MAX_KEYS the least recently tried, each entry looked at once. (Not by iterating a Map from its
 * front: a Map whose keys are deleted and set again keeps the deleted slots at its front until it is
 * rehashed, and skipping them made every attempt cost O(keys) — 10× slower at 60 000 keys.) Keys are
 * kept in one window per window length, so that every queue expires in the order it is sorted in.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<number, Window>();
  private next = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, { limit, windowMs }: RateLimit): Promise<Reservation> {
    const now = this.now();
    const window = this.windowOf(windowMs);
    const attempts = live(window.keys, key, now - windowMs);
    if (attempts && attempts.length >= limit) {
      // The attempt that must leave the window before the count drops under the limit.
      return { allowed: false, retryAfterMs: Math.max(1, attempts[attempts.length - limit]!.at + windowMs - now) };
    }
    sweep(window, now - windowMs);
    const attempt = { seq: ++this.next, at: now };
    if (attempts) attempts.push(attempt);
    else window.keys.set(key, [attempt]);
    window.queue.push({ key, ...attempt });
    return { allowed: true, id: `m${attempt.seq}` };
  }

  async release(key: string, id: string, { windowMs }: RateLimit): Promise<void> {
    const keys = this.windows.get(windowMs)?.keys;
    const attempts = keys?.get(key);
    if (!keys || !attempts) return;
    const index = attempts.findIndex((attempt) => `m${attempt.seq}` === id);
    if (index >= 0) attempts.splice(index, 1);
    if (attempts.length === 0) keys.delete(key);
  }

  async clear(key: string, { windowMs }: RateLimit): Promise<void> {
    this.windows.get(windowMs)?.keys.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private windowOf(windowMs: number): Window {
    let window = this.windows.get(windowMs);
    if (!window) this.windows.set(windowMs, (window = { keys: new Map(), queue: [], head: 0 }));
    return window;
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
 * Drops, from the queue's front, the keys whose last attempt has left the window, then the least
 * recently tried past MAX_KEYS (a flood of distinct keys; a flood from one address is still held by
 * the address's own key). Each entry is looked at once, so this is O(1) per attempt on average.
 */
function sweep(window: Window, expiredAtOrBefore: number): void {
  const { keys, queue } = window;
  while (window.head < queue.length) {
    const entry = queue[window.head]!;
    const last = keys.get(entry.key)?.at(-1);
    // An entry of a key tried again since is passed over: the later entry stands for it.
    const current = last !== undefined && last.seq <= entry.seq;
    if (current && keys.size < MAX_KEYS && entry.at > expiredAtOrBefore) break;
    window.head++;
    if (!current) continue;
    if (last.seq < entry.seq && last.at > expiredAtOrBefore && keys.size < MAX_KEYS) {
      // Its newer attempt was given back: it stays, and is looked at again when its last one expires.
      queue.push({ key: entry.key, ...last });
      continue;
    }
    keys.delete(entry.key);
  }
  // The entries before `head` are dropped once they are half the queue: O(1) per attempt on average.
  if (window.head > 1024 && window.head * 2 > queue.length) {
    window.queue = queue.slice(window.head);
    window.head = 0;
  }
}
