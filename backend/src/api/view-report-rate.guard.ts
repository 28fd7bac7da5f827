import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { TooManyAttempts } from '../errors/too-many-attempts';
import { RATE_LIMITER, RateLimit, RateLimiter, normaliseAddress, retryAfterSeconds } from '../rate-limits/rate-limiter.port';

/**
 * View reports counted per client address: 60 a minute. A viewer counts once per video per hour
 * (domain/views/views.list.ts), but a script can make up viewer ids; this bounds what one address adds to
 * the counts at 60 views a minute, whatever ids it invents (docs/design/catalogue.md, "viewCount").
 */
const PER_ADDRESS: RateLimit = { limit: 60, windowMs: 60_000 };

@Injectable()
export class ViewReportRateGuard implements CanActivate {
  constructor(@Inject(RATE_LIMITER) private readonly limiter: RateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { ip } = context.switchToHttp().getRequest<{ ip: string }>();
    const reservation = await this.limiter.reserve(`views:a:${normaliseAddress(ip)}`, PER_ADDRESS);
    if (reservation.allowed) return true;
    throw new TooManyAttempts(retryAfterSeconds(reservation.retryAfterMs), 'TOO_MANY_WRITES', 'view_reports');
  }
}
