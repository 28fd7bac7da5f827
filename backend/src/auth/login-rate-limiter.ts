import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { TooManyAttempts } from '../errors/too-many-attempts';

/** The hard cap on keys held: past it the least recently tried are dropped. */
const MAX_KEYS = 100_000;

/** One reserved login attempt: settle it once the outcome is known. */
export interface LoginAttempt {
  /** Right password: the email's failures are forgiven and this attempt does not count. */
  succeeded(): void;
  /** Wrong password or unknown email: the attempt stays counted for the email and the address. */
  failed(): void;
  /** Neither (e.g. the store was unavailable): the attempt does not count. */
  abandoned(): void;
}

/**
 * Failed logins per email and per client address, in a sliding window (a log of attempt times per
 * key, at most `limit` long). An attempt is counted when it starts, not when scrypt has finished,
 * so that many parallel guesses cannot all slip under the limit; a success gives it back.
 *
 * Each attempt costs O(1) however many keys are held: a key moves to the end of the map's insertion
 * order whenever it is tried, so the front holds the keys tried longest ago, and expired ones are
 * dropped from there, a few at a time, never by scanning them all.
 *
 * In memory, per process: several API instances would each allow the limit (a shared store such as
 * Redis would be needed, see SECURITY.md).
 */
@Injectable()
export class LoginRateLimiter {
  private readonly attempts = new Map<string, number[]>();
  private readonly perEmail: number;
  private readonly perAddress: number;
  private readonly windowMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.perEmail = config.loginRateLimit.perEmail;
    this.perAddress = config.loginRateLimit.perAddress;
    this.windowMs = config.loginRateLimit.windowSeconds * 1000;
  }

  /** Reserves an attempt for this (normalised) email from this address, or throws TooManyAttempts. */
  begin(email: string, address: string, now = Date.now()): LoginAttempt {
    const emailKey = `e:${email}`;
    const addressKey = `a:${normaliseAddress(address)}`;
    const wait = Math.max(this.waitMs(emailKey, this.perEmail, now), this.waitMs(addressKey, this.perAddress, now));
    if (wait > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(wait / 1000)));
    this.sweep(now);
    this.record(emailKey, now);
    this.record(addressKey, now);
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    return {
      succeeded: () =>
        settle(() => {
          this.attempts.delete(emailKey);
          this.forget(addressKey, now);
        }),
      failed: () => settle(() => undefined),
      abandoned: () =>
        settle(() => {
          this.forget(emailKey, now);
          this.forget(addressKey, now);
        }),
    };
  }

  /** Attempts of a key still inside the window, oldest first (expired ones are dropped). */
  private live(key: string, now: number): number[] | undefined {
    const times = this.attempts.get(key);
    if (!times) return undefined;
    while (times.length > 0 && times[0]! <= now - this.windowMs) times.shift();
    if (times.length === 0) {
      this.attempts.delete(key);
      return undefined;
    }
    return times;
  }

  /** How long until this key may try again: 0 while it is under its limit. */
  private waitMs(key: string, limit: number, now: number): number {
    const times = this.live(key, now);
    if (!times || times.length < limit) return 0;
    // The attempt that must leave the window before the count drops under the limit.
    return times[times.length - limit]! + this.windowMs - now;
  }

  private record(key: string, now: number): void {
    const times = this.attempts.get(key) ?? [];
    times.push(now);
    // Re-inserted, so that it moves to the end: the map stays ordered by last attempt.
    this.attempts.delete(key);
    this.attempts.set(key, times);
  }

  private forget(key: string, at: number): void {
    const times = this.attempts.get(key);
    if (!times) return;
    const index = times.lastIndexOf(at);
    if (index >= 0) times.splice(index, 1);
    if (times.length === 0) this.attempts.delete(key);
  }

  /**
   * Drops keys from the front while their last attempt has left the window (each key is dropped once,
   * so this is O(1) per attempt on average), then the least recently tried past MAX_KEYS (a flood of
   * distinct emails; the address limit still holds for a flood from one address).
   */
  private sweep(now: number): void {
    for (const [key, times] of this.attempts) {
      if (times.length > 0 && times[times.length - 1]! > now - this.windowMs) break;
      this.attempts.delete(key);
    }
    while (this.attempts.size >= MAX_KEYS) this.attempts.delete(this.attempts.keys().next().value!);
  }
}

/** `::ffff:192.0.2.1` (IPv4 seen through an IPv6 socket) is the same client as `192.0.2.1`. */
function normaliseAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();
}
