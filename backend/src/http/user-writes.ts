import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthedRequest } from '../auth/auth.guard';
import type { Authenticator } from '../auth/authenticator';
import type { UserProfile } from '../read-model/read-model.port';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A write of the signed-in user's own data: POST, PUT, PATCH and DELETE of /api/user and /api/user/*. */
export function isUserWrite(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return WRITES.has(request.method) && route !== undefined && (route === '/api/user' || route.startsWith('/api/user/'));
}

/** The user authenticateUserWrites found for this request: undefined when its token is not a current one. */
export function writer(request: FastifyRequest): UserProfile | undefined {
  return (request as FastifyRequest & AuthedRequest).user;
}

/**
 * Authenticates every user write before the hooks that act for its user (the write rate, then the
 * Idempotency-Key): the full check of the guard (signature, expiry, account still there, session
 * generation), so that a revoked or stolen token costs its owner no write budget and is never
 * answered from a stored answer. A request that does not pass is left alone here: the guard gives it
 * its 401 or 404 (or the 503 of a read model that did not answer), and nothing counts or keeps it.
 * The guard reuses this outcome: it never lets through a write this hook did not authenticate.
 */
export function authenticateUserWrites(fastify: FastifyInstance, authenticator: Authenticator): void {
  fastify.addHook('preHandler', async (request) => {
    if (!isUserWrite(request)) return;
    try {
      const user = await authenticator.authenticateRequest(request);
      if (user) (request as FastifyRequest & AuthedRequest).user = user;
    } catch {
      // The guard answers it, with the same outcome (authenticateRequest runs once per request).
    }
  });
}
