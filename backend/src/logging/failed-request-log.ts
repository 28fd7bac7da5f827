import type { FastifyInstance } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';
import { logsEveryRequest } from './logger-options';

/**
 * At a level above `info` the pino-http middleware is not mounted (logger-options.ts), so this hook
 * writes the one line pino-http would still have written: a request answered 5xx, at `error`, with the
 * same fields (request id, method, path, status, duration). It costs nothing on a successful answer.
 */
export function logFailedRequests(fastify: FastifyInstance, config: Pick<AppConfig, 'logLevel'>): void {
  if (logsEveryRequest(config)) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    // The root logger carries the configured serializers and redaction; it exists once Nest has started.
    if (reply.statusCode >= 500 && PinoLogger.root) {
      PinoLogger.root.error(
        { req: { id: request.id, method: request.method, url: request.url }, res: reply.raw, responseTime: Math.round(reply.elapsedTime) },
        `${request.method} ${request.url} ${reply.statusCode}`,
      );
    }
    done();
  });
}
