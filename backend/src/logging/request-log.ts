import type { FastifyInstance } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';
import { logsEveryRequest } from './logger-options';

/**
 * One line per request, written by a Fastify `onResponse` hook through the root logger: request id,
 * method, path, status and duration, at `info` (a 5xx at `error`), the fields pino-http wrote. At a level
 * above `info` only the failed requests get theirs.
 *
 * Not pino-http's middleware: run through @fastify/middie with a child logger and an AsyncLocalStorage
 * per request, it cost about 0.3 of a list read's throughput at `info` (0.48 of a bare node:http server
 * against 0.77 without it, issue 19); this hook costs one object and one line (bench/RESULTS.md).
 */
export function logRequests(fastify: FastifyInstance, config: Pick<AppConfig, 'logLevel'>): void {
  const everyRequest = logsEveryRequest(config);
  fastify.addHook('onResponse', (request, reply, done) => {
    const failed = reply.statusCode >= 500;
    // The root logger carries the configured serializers and redaction; it exists once Nest has started.
    const root = PinoLogger.root;
    if (root && (failed || everyRequest)) {
      root[failed ? 'error' : 'info'](
        {
          req: { id: request.id, method: request.method, url: request.url },
          res: reply.raw,
          responseTime: Math.round(reply.elapsedTime),
        },
        `${request.method} ${request.url} ${reply.statusCode}`,
      );
    }
    done();
  });
}
