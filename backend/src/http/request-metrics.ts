import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../metrics/app-metrics';

/** Methods labelled as they are; anything else Fastify lets through is `other`, so the label stays bounded. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * http_request_duration_seconds for every answer of the public port (docs/design/operating.md): the route
 * is Fastify's pattern (`/api/user/playlists/:playlistId`), never the raw URL, and `unmatched` for a path
 * no route has, so a scan of random URLs adds no series. An `onResponse` hook like the request log's
 * (logging/request-log.ts): it runs once the answer is sent, a live stream's when it ends.
 */
export function timeRequests(fastify: FastifyInstance, metrics: AppMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequestDuration.observe(
      reply.elapsedTime / 1000,
      METHODS.has(request.method) ? request.method : 'other',
      routeLabel(request.routeOptions.url),
      String(reply.statusCode),
    );
    done();
  });
}

/** The route label: the matched pattern, or `unmatched` (Fastify's not-found handler has none). */
function routeLabel(pattern: string | undefined): string {
  return pattern === undefined || pattern === '' ? 'unmatched' : pattern;
}
