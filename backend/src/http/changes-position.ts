import type { FastifyInstance } from 'fastify';

/** Names the position of the log an answer is current to (docs/design/live-updates.md, "The first connect"). */
export const CHANGES_POSITION_HEADER = 'x-changes-position';

/**
 * Every GET under /api says, in `x-changes-position`, the position through which the changes streams have
 * told every change when the request arrived: the answer, read after that, shows all of them. A client
 * that opens a stream after reading sends the smallest it got as `Last-Event-ID`, and so receives every
 * change that came between its reads and its stream. Taken when the request arrives, not when the answer
 * leaves: a change told in between may not be in the answer.
 */
export function tellChangesPosition(fastify: FastifyInstance, toldThrough: () => bigint | undefined): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/api/')) {
      const position = toldThrough();
      if (position !== undefined) void reply.header(CHANGES_POSITION_HEADER, position.toString());
    }
    done();
  });
}

/**
 * The same position for a page of the app, whose inline data (static-frontend.ts) is read with it: as a
 * Server-Timing entry, which the page's script can read (`performance.getEntriesByType('navigation')`), where it
 * cannot read a header. The frontend's lib/live/changes-position.ts reads it by this name.
 */
export function pageChangesPosition(position: bigint): string {
  return `changes;desc=${position}`;
}
