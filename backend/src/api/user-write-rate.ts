import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../auth/token.service';
import { ERRORS } from '../errors/error-catalogue';
import { RateLimit, RateLimiter, retryAfterSeconds } from '../rate-limits/rate-limiter.port';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A per-user write rate on every POST, PUT, PATCH and DELETE of /api/user/*: past `limit` writes in
 * the window, a 429 with `retry-after` before anything runs (so nothing is written, and an
 * Idempotency-Key is not used up). Counted per user of a validly signed token; a request without one
 * is left to the auth guard's 401. A Fastify hook added before the Idempotency-Key one.
 */
export function limitUserWrites(fastify: FastifyInstance, deps: { limiter: RateLimiter; tokens: TokenService; rate: RateLimit }): void {
  fastify.addHook('preHandler', async (request, reply) => {
    if (!WRITES.has(request.method) || !request.routeOptions.url?.startsWith('/api/user/')) return;
    let userId: string;
    try {
      userId = deps.tokens.verify(request.headers.authorization)._id;
    } catch {
      return;
    }
    const reservation = await deps.limiter.reserve(`writes:${userId}`, deps.rate);
    if (reservation.allowed) return;
    const seconds = retryAfterSeconds(reservation.retryAfterMs);
    return reply
      .status(ERRORS.TOO_MANY_WRITES.status)
      .header('retry-after', String(seconds))
      .send({ errors: [ERRORS.TOO_MANY_WRITES.message.replace('N', String(seconds))] });
  });
}
