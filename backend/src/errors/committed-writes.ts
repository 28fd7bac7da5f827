import type { FastifyRequest } from 'fastify';
import { ContextStorage } from '../shared/context-storage';

interface WriteContext {
  /** Position of the event this request's command committed (or found already there). */
  committed?: bigint;
}

const writes = new ContextStorage<WriteContext>();
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
 * `handle` is a write's route handler (http/write-context.ts): it runs with the request's context, and
 * what it commits is kept by request after it returns, for the exception filter and the Idempotency-Key.
 */
export function trackingCommittedWrites<R>(request: FastifyRequest, handle: () => R): R {
  const context: WriteContext = {};
  byRequest.set(request.raw, context);
  return writes.run(context, handle);
}

/** Where this request's command was committed, when it was. */
export function committedPosition(request: FastifyRequest): bigint | undefined {
  return byRequest.get(request.raw)?.committed;
}
