import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../errors/error-catalogue';
import { RateLimit, RateLimiter, retryAfterSeconds } from '../rate-limits/rate-limiter.port';
import { isUserWrite, writer } from './user-writes';

/**
 * A per-user write rate on every POST, PUT, PATCH and DELETE of /api/user and /api/user/*: past
 * `limit` writes in the window, a 429 with `retry-after` before anything runs (so nothing is
 * written, and an Idempotency-Key is not used up). Counted only for a request whose token passed
 * the full authentication (authenticateUserWrites, added before this hook): a revoked, stolen or
 * forged token is the guard's 401 and costs the account's owner nothing.
 */
export function limitUserWrites(
  fastify: FastifyInstance,
  deps: { limiter: RateLimiter; rate: RateLimit; /** Told of each refusal (techtube_refusals_total); optional. */ refused?: () => void },
): void {
  fastify.addHook('preHandler', async (request, reply) => {
    if (!isUserWrite(request)) return;
    const user = writer(request);
    if (!user) return;
    const reservation = await deps.limiter.reserve(`writes:${user._id}`, deps.rate);
    if (reservation.allowed) return;
    const seconds = retryAfterSeconds(reservation.retryAfterMs);
    deps.refused?.();
    return reply
      .status(ERRORS.TOO_MANY_WRITES.status)
      .header('retry-after', String(seconds))
      .send({ errors: [ERRORS.TOO_MANY_WRITES.message.replace('N', String(seconds))] });
  });
}
