import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface WriteContext {
  /** Position of the event this request's command committed (or found already there). */
  committed?: bigint;
}

const writes = new AsyncLocalStorage<WriteContext>();
const byRequest = new WeakMap<object, WriteContext>();

/** Called by ReadYourWrites once a command's events are in the store. */
export function recordCommittedWrite(position: bigint | undefined): void {
  const context = writes.getStore();
  if (context && position !== undefined) context.committed = position;
}

/**
 * Once a request's command is committed, the request cannot fail any more: whatever goes wrong
 * afterwards (the projection lagging past READ_YOUR_WRITES_TIMEOUT_MS, Redis gone while the answer
 * is read) becomes a 202 "saved, still updating" instead of a 503 that a client would retry, writing
 * the same thing twice. ApiExceptionFilter asks `committedPosition(request)`.
 *
 * A Fastify hook rather than a global Nest interceptor: an interceptor runs on every request, reads
 * included, through rxjs and an AsyncResource.bind per call (Node 20 wraps each in a deprecation
 * getter) — about half of a list read's CPU with the rest of the pipeline (bench/RESULTS.md).
 * Reads never commit, so only the other methods get a context. Registered after the other preHandler
 * hooks, it calls the route's handler from inside `run`, so the whole handler sees the context.
 */
export function trackCommittedWrites(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    const context: WriteContext = {};
    byRequest.set(request.raw, context);
    writes.run(context, done);
  });
}

/** Where this request's command was committed, when it was. */
export function committedPosition(request: FastifyRequest): bigint | undefined {
  return byRequest.get(request.raw)?.committed;
}
