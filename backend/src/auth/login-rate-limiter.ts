import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-catalogue';
import { TooManyAttempts } from '../errors/too-many-attempts';
import { RATE_LIMITER, RateLimit, RateLimiter, normaliseAddress, retryAfterSeconds } from '../rate-limits/rate-limiter.port';

/** One reserved login attempt: settle it once the outcome is known. */
export interface LoginAttempt {
  /** Right password: the email's failures are forgiven and this attempt does not count. */
  succeeded(): Promise<void>;
  /** Wrong password or unknown email: the attempt stays counted for the email and the address. */
  failed(): Promise<void>;
  /** Neither (e.g. the store was unavailable): the attempt does not count. */
  abandoned(): Promise<void>;
}

/**
 * Runs a password check as `attempt`: a success forgives, a refusal with one of the `wrong` codes (a
 * wrong password, an unknown email) stays counted, and anything else (the store unavailable) gives the
 * attempt back. The login form and the password checks behind a token settle their attempts this way.
 */
export async function settleAttempt<T>(attempt: LoginAttempt, wrong: readonly ErrorCode[], check: () => Promise<T>): Promise<T> {
  try {
    const result = await check();
    await attempt.succeeded();
    return result;
  } catch (error) {
    await (error instanceof DomainError && wrong.includes(error.code) ? attempt.failed() : attempt.abandoned());
    throw error;
  }
}

/**
 * Failed logins per email and per client address, in a sliding window, through the rate-limiter
 * port (in-process, or Redis shared by every instance). An attempt is counted when it starts, not
 * when scrypt has finished, so that many parallel guesses cannot all slip under the limit; a
 * success gives it back. Each key is reserved on its own (one key per Redis command, for Redis
 * Cluster): the email first, then the address, the email's reservation given back if the address
 * is refused.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perEmail: RateLimit;
  private readonly perAddress: RateLimit;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {
    const windowMs = config.loginRateLimit.windowSeconds * 1000;
    this.perEmail = { limit: config.loginRateLimit.perEmail, windowMs };
    this.perAddress = { limit: config.loginRateLimit.perAddress, windowMs };
  }

  /**
   * Reserves a password check behind a token (deleting the account, changing the password) against
   * the account's own login limit: the same key as a login with its email, so guesses made through
   * a stolen token and through the login form add up, and past the limit no scrypt work is done for
   * that account at all. Throws TooManyAttempts (429 TOO_MANY_PASSWORD_ATTEMPTS).
   */
  async beginPasswordCheck(email: string): Promise<LoginAttempt> {
    const emailKey = this.emailKey(email);
    const reservation = await this.limiter.reserve(emailKey, this.perEmail);
    if (!reservation.allowed) throw new TooManyAttempts(retryAfterSeconds(reservation.retryAfterMs), 'TOO_MANY_PASSWORD_ATTEMPTS');
    return this.attempt([{ key: emailKey, id: reservation.id, rate: this.perEmail }], emailKey);
  }

  /** Reserves an attempt for this (normalised) email from this address, or throws TooManyAttempts. */
  async begin(email: string, address: string): Promise<LoginAttempt> {
    const emailKey = this.emailKey(email);
    const addressKey = `login:a:${normaliseAddress(address)}`;
    const byEmail = await this.limiter.reserve(emailKey, this.perEmail);
    if (!byEmail.allowed) throw new TooManyAttempts(retryAfterSeconds(byEmail.retryAfterMs));
    const byAddress = await this.limiter.reserve(addressKey, this.perAddress);
    if (!byAddress.allowed) {
      await this.limiter.release(emailKey, byEmail.id, this.perEmail);
      throw new TooManyAttempts(retryAfterSeconds(byAddress.retryAfterMs));
    }
    return this.attempt(
      [
        { key: emailKey, id: byEmail.id, rate: this.perEmail },
        { key: addressKey, id: byAddress.id, rate: this.perAddress },
      ],
      emailKey,
    );
  }

  private emailKey(email: string): string {
    return `login:e:${email}`;
  }

  /** Settles reserved attempts: a success forgives the email's failures and gives the others back. */
  private attempt(reserved: readonly { key: string; id: string; rate: RateLimit }[], emailKey: string): LoginAttempt {
    let settled = false;
    const settle = async (action: () => Promise<unknown>) => {
      if (settled) return;
      settled = true;
      await action();
    };
    const giveBack = (held: readonly { key: string; id: string; rate: RateLimit }[]) =>
      Promise.all(held.map(({ key, id, rate }) => this.limiter.release(key, id, rate)));
    return {
      succeeded: () =>
        settle(() => Promise.all([this.limiter.clear(emailKey, this.perEmail), giveBack(reserved.filter(({ key }) => key !== emailKey))])),
      failed: () => settle(async () => undefined),
      abandoned: () => settle(() => giveBack(reserved)),
    };
  }
}
