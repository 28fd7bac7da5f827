import type { FastifyInstance } from 'fastify';
import { withCorrelation } from './correlation';

/**
 * A write's handler runs with the request's id (request-id.ts: the client's or proxy's `X-Request-Id`
 * when plain, else a fresh UUID, echoed in `x-request-id`) as its correlation id, which the events it
 * appends carry (docs/design/operating.md). Reads append nothing, so only the other methods get a context
 * (as committed-writes.ts does, for the same reason: an async context taxes every await of a read).
 * A preHandler hook: it runs after the body is read, and the handler is called from inside `run`.
 */
export function correlateWrites(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    withCorrelation(request.id, done);
  });
}
