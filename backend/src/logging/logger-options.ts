import type { Params } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';

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
 * One JSON line per request: method, path, status, duration and a request id that is echoed in
 * `x-request-id` (request-id.ts). Headers and bodies are never logged (tokens and passwords travel there); the
 * redact list is a second line of defence should a future log call pass them anyway.
 *
 * At a level above `info` the pino-http middleware is not mounted at all (`forRoutes: []`): it would write
 * no line for a successful request, yet run for every one — through @fastify/middie, a child logger and an
 * AsyncLocalStorage, whose promise hooks then tax every await — about a quarter of a list read's CPU
 * (bench/RESULTS.md). failed-request-log.ts then writes the lines of failed requests instead.
 */
export function loggerOptions(config: AppConfig): Params {
  const pretty = config.logFormat === 'pretty' && prettyAvailable();
  return {
    pinoHttp: {
      level: config.logLevel,
      // The id is Fastify's (see request-id.ts), already on the request when this logger sees it.
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : 'info'),
      customSuccessMessage: (request, response) => `${request.method} ${request.url} ${response.statusCode}`,
      redact: {
        paths: ['req.headers', 'res.headers', '*.password', '*.passwordHash', '*.encodedToken', '*.authorization', '*.token'],
        censor: '[redacted]',
      },
      ...(pretty && { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l' } } }),
    },
    ...(!logsEveryRequest(config) && { forRoutes: [] }),
  };
}
