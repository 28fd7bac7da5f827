import type { Params } from 'nestjs-pino';
import pino from 'pino';
import { AppConfig } from '../config/app-config';
import { activeSpanFields } from '../tracing/traces';

function prettyAvailable(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false; // production images ship without dev dependencies: JSON it is
  }
}

/** pino-http writes successes at `info`: at a level above it, only failed (5xx) requests would ever get a line. */
export function logsEveryRequest(config: Pick<AppConfig, 'logLevel'>): boolean {
  return config.logLevel === 'info' || config.logLevel === 'debug' || config.logLevel === 'trace';
}

/**
 * The root logger: JSON lines (or pretty ones in development), written to stdout asynchronously (a
 * buffered pino destination, flushed on exit) so that a request never waits for a write(2). Request lines
 * (method, path, status, duration and the request id echoed in `x-request-id`, request-id.ts) are written
 * by request-log.ts. Headers and bodies are never logged (tokens and passwords travel there); the redact
 * list is a second line of defence should a future log call pass them anyway.
 *
 * pino-http's middleware is never mounted (`forRoutes: []`): run through @fastify/middie, a child logger
 * and an AsyncLocalStorage, whose promise hooks then tax every await, it took about a quarter of a list
 * read's CPU (bench/RESULTS.md).
 */
export function loggerOptions(config: AppConfig): Params {
  const pretty = config.logFormat === 'pretty' && prettyAvailable();
  const options = {
    level: config.logLevel,
    // With tracing on, a line written inside a span names it: `trace_id` and `span_id` (docs/design/operating.md).
    mixin: activeSpanFields,
    // Applied after pino-http's standard ones (which read the raw response request-log.ts passes): keep
    // only these fields.
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    redact: {
      paths: ['req.headers', 'res.headers', '*.password', '*.passwordHash', '*.encodedToken', '*.authorization', '*.token'],
      censor: '[redacted]',
    },
    ...(pretty && { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l' } } }),
  };
  return {
    pinoHttp: pretty ? options : [options, pino.destination({ dest: 1, sync: false })],
    forRoutes: [],
  };
}
