import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { trackingCommittedWrites } from '../errors/committed-writes';
import { withCorrelation } from '../tracing/correlation';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write's route handler (any method but GET, HEAD and OPTIONS) runs with the request's id as its
 * correlation id, which the events it appends carry (request-id.ts, docs/design/operating.md), and with a
 * committed-write context (errors/committed-writes.ts). Reads append nothing and get neither.
 *
 * The handler is wrapped where the route is added, not entered from a preHandler hook: the contexts are
 * ContextStorage (shared/context-storage.ts), which keep async_hooks on only until the work they ran is
 * done, and only the handler's own promise says when a write's work is done. Must be called before the
 * routes are added.
 */
export function runWritesInContext(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    // A route that only reads keeps its handler as it is: nothing is added to the reads' path.
    if ([route.method].flat().every((method) => READS.has(method.toUpperCase()))) return;
    const handle = route.handler;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (READS.has(request.method)) return handle.call(this, request, reply);
      return withCorrelation(request.id, () => trackingCommittedWrites(request, () => handle.call(this, request, reply)));
    };
  });
}
