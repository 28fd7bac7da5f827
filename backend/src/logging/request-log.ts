import type { FastifyInstance } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { logsEveryRequest } from './logger-options';

/**
 * One line per request, written by a Fastify `onResponse` hook through the root logger: request id,
 * method, path, status and duration, at `info` (a 5xx at `error`), the fields pino-http wrote. At a level
 * above `info` only the failed requests get theirs.
 *
 * Not pino-http's middleware: run through @fastify/middie with a child logger and an AsyncLocalStorage
 * per request, it cost about 0.3 of a list read's throughput at `info` (0.48 of a bare node:http server
 * against 0.77 without it); this hook costs one object and one line (bench/RESULTS.md).
 */
export function logRequests(fastify: FastifyInstance, config: Pick<AppConfig, 'logLevel'>): void {
  const everyRequest = logsEveryRequest(config);
  fastify.addHook('onResponse', (request, reply, done) => {
    const failed = reply.statusCode >= 500;
    // The root logger carries the configured level and destination; it exists once Nest has started.
    const root = PinoLogger.root;
    if (root && (failed || everyRequest)) {
      requestLines(root)[failed ? 'error' : 'info'](
        {
          req: { id: request.id, method: request.method, url: request.url },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime),
        },
        `${request.method} ${request.url} ${reply.statusCode}`,
      );
    }
    done();
  });
}

const children = new WeakMap<Logger, Logger>();

/**
 * The root logger for lines whose fields are built above, already in their final shape: no serializer
 * (pino-http's wrap the raw request and response) and no redaction pass (none of these fields can hold
 * a secret: no header, no body). Both ran on every request, a few percent of a list read's CPU.
 */
function requestLines(root: Logger): Logger {
  let child = children.get(root);
  if (!child) {
    const asIs = (value: unknown) => value;
    child = root.child({}, { redact: [], serializers: { req: asIs, res: asIs } });
    children.set(root, child);
  }
  return child;
}
