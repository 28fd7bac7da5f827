import { Logger } from '@nestjs/common';
import { RateLimit, RateLimiter, Reservation } from './rate-limiter.port';

/**
 * The shared limiter (Redis), and this process's own while the shared one does not answer: a limit
 * is then held per instance instead of across them, and nothing fails because Redis is away (a
 * login, a signup or a write never answers 5xx for the limiter's sake). One line when it goes, one
 * when it is back.
 */
export class FallbackRateLimiter implements RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private sharedDown = false;

  constructor(
    private readonly shared: RateLimiter,
    private readonly local: RateLimiter,
  ) {}

  async reserve(key: string, limit: RateLimit): Promise<Reservation> {
    try {
      const reservation = await this.shared.reserve(key, limit);
      this.up();
      return reservation.allowed ? { allowed: true, id: `s:${reservation.id}` } : reservation;
    } catch (error) {
      this.down(error);
      const reservation = await this.local.reserve(key, limit);
      return reservation.allowed ? { allowed: true, id: `l:${reservation.id}` } : reservation;
    }
  }

  async release(key: string, id: string, limit: RateLimit): Promise<void> {
    if (id.startsWith('l:')) return this.local.release(key, id.slice(2), limit);
    await this.shared.release(key, id.slice(2), limit).catch((error: unknown) => this.down(error));
  }

  async clear(key: string, limit: RateLimit): Promise<void> {
    await this.local.clear(key, limit);
    await this.shared.clear(key, limit).catch((error: unknown) => this.down(error));
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.shared.close(), this.local.close()]);
  }

  private down(error: unknown): void {
    if (this.sharedDown) return;
    this.sharedDown = true;
    this.logger.warn(`Shared rate limits unavailable, counting in this process until Redis answers: ${(error as Error).message}`);
  }

  private up(): void {
    if (!this.sharedDown) return;
    this.sharedDown = false;
    this.logger.log('Shared rate limits available again');
  }
}
