import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { TooManyAttempts } from '../errors/too-many-attempts';
import { RATE_LIMITER, RateLimit, RateLimiter, normaliseAddress, retryAfterSeconds } from '../rate-limits/rate-limiter.port';

/**
 * How long a refusal waits before it is answered (or until the retry-after, if sooner). A client that asks
 * again as soon as it is answered, as a flood does, then gets at most 4 answers a second per connection:
 * answered at once, 8 such connections took ~12 000 refusals a second, and most of the server with them
 * (bench/RESULTS.md "Public reads"). A waiting refusal costs a timer, no CPU.
 */
const REFUSAL_DELAY_MS = 250;

/**
 * The public reads (shared playlists: no token needed) counted per client address in a sliding window,
 * through the rate-limiter port (in-process, or Redis shared by every instance): past the limit a 429
 * with `retry-after`, before anything is read and after REFUSAL_DELAY_MS, so that one address's share of
 * the server is bounded (SECURITY.md §12). Every request counts, whatever its answer and whether it
 * carries a token (the token is not what these routes read, so it is not checked here either). The
 * address is Fastify's `request.ip`: the TCP peer, or the client a trusted proxy names (TRUST_PROXY).
 */
@Injectable()
export class PublicReadRateGuard implements CanActivate {
  private readonly perAddress: RateLimit;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {
    this.perAddress = { limit: config.publicReadRateLimit.perAddress, windowMs: config.publicReadRateLimit.windowSeconds * 1000 };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { ip } = context.switchToHttp().getRequest<{ ip: string }>();
    const reservation = await this.limiter.reserve(`public-read:a:${normaliseAddress(ip)}`, this.perAddress);
    if (reservation.allowed) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(REFUSAL_DELAY_MS, reservation.retryAfterMs)));
    throw new TooManyAttempts(retryAfterSeconds(reservation.retryAfterMs), 'TOO_MANY_PUBLIC_READS');
  }
}
