import Fastify from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { Writable } from 'node:stream';
import { AppConfig } from '../config/app-config';
import { logRequests } from './request-log';
import { loggerOptions, logsEveryRequest } from './logger-options';

const config = (logLevel: AppConfig['logLevel']) => ({ logLevel, logFormat: 'json' }) as AppConfig;

/** The root logger nestjs-pino would make from our options, writing into `lines`. */
function rootLoggerInto(lines: Record<string, unknown>[], level: AppConfig['logLevel']) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const [options] = loggerOptions(config(level)).pinoHttp as [pino.LoggerOptions, unknown];
  Object.defineProperty(PinoLogger, 'root', { value: pino(options, stream), configurable: true });
}

async function requests(level: AppConfig['logLevel']): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  rootLoggerInto(lines, level);
  const fastify = Fastify({ genReqId: () => 'trace-me-7' });
  logRequests(fastify, config(level));
  fastify.get('/api/ok', () => ({ fine: true }));
  fastify.get('/api/down', (_request, reply) => reply.code(503).send({ errors: ['down'] }));
  await fastify.inject('/api/ok');
  await fastify.inject('/api/down?x=1');
  await fastify.close();
  return lines;
}

const line = (level: number, url: string, statusCode: number) =>
  expect.objectContaining({
    level,
    req: { id: 'trace-me-7', method: 'GET', url },
    res: { statusCode },
    responseTime: expect.any(Number),
    msg: `GET ${url} ${statusCode}`,
  });

describe('request lines: one per request at info, only the failed ones above it, never through middleware', () => {
  afterEach(() => Object.defineProperty(PinoLogger, 'root', { value: undefined, configurable: true }));

  it('the pino-http middleware is never mounted; every request is logged at info, debug and trace only', () => {
    for (const level of ['info', 'debug', 'trace', 'warn', 'error', 'fatal', 'silent'] as const) {
      expect(loggerOptions(config(level)).forRoutes).toEqual([]);
      expect(logsEveryRequest(config(level))).toBe(['info', 'debug', 'trace'].includes(level));
    }
  });

  it('at info, a success is an info line and a 5xx an error line, each with request id, method, path, status and duration', async () => {
    expect(await requests('info')).toEqual([line(30, '/api/ok', 200), line(50, '/api/down?x=1', 503)]);
  });

  it('at warn, a 5xx answer still writes its error line; a success none', async () => {
    expect(await requests('warn')).toEqual([line(50, '/api/down?x=1', 503)]);
  });

  it('JSON logs go to an asynchronous destination, pretty ones through pino-pretty', () => {
    const [, destination] = loggerOptions(config('info')).pinoHttp as [unknown, { sync?: boolean }];
    expect(destination.sync).toBe(false);
    expect(Array.isArray(loggerOptions({ logLevel: 'info', logFormat: 'pretty' } as AppConfig).pinoHttp)).toBe(false);
  });
});
