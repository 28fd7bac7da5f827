import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { TooManyAttempts } from '../errors/too-many-attempts';
import { RATE_LIMITER, RateLimit, RateLimiter, normaliseAddress, retryAfterSeconds } from '../rate-limits/rate-limiter.port';

/**
 * Signups per client address in a sliding window (each one costs a scrypt hash, and makes an
 * account for good). Every signup that passed validation counts, whatever its outcome: an address
 * trying taken emails costs hashes too.
 */
@Injectable()
export class SignupRateLimiter {
  private readonly perAddress: RateLimit;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {
    this.perAddress = { limit: config.signupRateLimit.perAddress, windowMs: config.signupRateLimit.windowSeconds * 1000 };
  }

  /** Counts a signup from this address, or throws TooManyAttempts (429 with retry-after). */
  async count(address: string): Promise<void> {
    const reservation = await this.limiter.reserve(`signup:a:${normaliseAddress(address)}`, this.perAddress);
    if (!reservation.allowed) throw new TooManyAttempts(retryAfterSeconds(reservation.retryAfterMs), 'TOO_MANY_SIGNUPS');
  }
}
