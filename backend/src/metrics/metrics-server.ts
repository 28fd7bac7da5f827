import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './app-metrics';

/** What the server asks the app: the readiness verdict and, when not ready, the status to show. */
interface Readiness {
  check(): Promise<{ ready: boolean; body: object }>;
}

const json = (response: ServerResponse, status: number, body: object) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
};

/**
 * The operators' port (docs/design/operating.md): `GET /metrics` (Prometheus text), `GET /health/live` and
 * `GET /health/ready`, on a plain node:http server of its own, so that the public port never shows metrics,
 * scrapes cost the API nothing of its Fastify pipeline, and the projector-only role (no HTTP API) can be
 * probed and scraped too. Nothing else: every other path and method is a 404 or a 405.
 */
export function serveMetrics(metrics: AppMetrics, readiness: Readiness): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' && path !== '/health/live' && path !== '/health/ready') return json(response, 404, { errors: ['Not found.'] });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return json(response, 405, { errors: ['Method not allowed.'] });
    }
    if (path === '/health/live') return json(response, 200, { status: 'live' });
    const answer =
      path === '/metrics'
        ? metrics.scrape().then((text) => {
            response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
            response.end(text);
          })
        : readiness.check().then(({ ready, body }) => json(response, ready ? 200 : 503, ready ? { status: 'ready' } : body));
    answer.catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { errors: ['Internal error.'], error: (error as Error).message.slice(0, 200) });
      else response.destroy();
    });
  });
}

/** Starts listening; resolves with the bound port (the configured one, or the system's choice for 0). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
