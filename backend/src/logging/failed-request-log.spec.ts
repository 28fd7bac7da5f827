import Fastify from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { Writable } from 'node:stream';
import { pinoHttp, Options } from 'pino-http';
import { AppConfig } from '../config/app-config';
import { logFailedRequests } from './failed-request-log';
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
  const logger = pinoHttp(loggerOptions(config(level)).pinoHttp as Options, stream).logger;
  Object.defineProperty(PinoLogger, 'root', { value: logger, configurable: true });
}

describe('request lines above the info level: no middleware, but every failed request still gets its line', () => {
  afterEach(() => Object.defineProperty(PinoLogger, 'root', { value: undefined, configurable: true }));

  it('pino-http runs for every request only at info, debug and trace', () => {
    for (const level of ['info', 'debug', 'trace'] as const) {
      expect(logsEveryRequest(config(level))).toBe(true);
      expect(loggerOptions(config(level)).forRoutes).toBeUndefined();
    }
    for (const level of ['warn', 'error', 'fatal', 'silent'] as const) {
      expect(logsEveryRequest(config(level))).toBe(false);
      expect(loggerOptions(config(level)).forRoutes).toEqual([]);
    }
  });

  it('at warn, a 5xx answer writes one error line with its request id, method, path, status and duration; a success none', async () => {
    const lines: Record<string, unknown>[] = [];
    rootLoggerInto(lines, 'warn');
    const fastify = Fastify({ genReqId: () => 'trace-me-7' });
    logFailedRequests(fastify, config('warn'));
    fastify.get('/api/ok', () => ({ fine: true }));
    fastify.get('/api/down', (_request, reply) => reply.code(503).send({ errors: ['down'] }));
    await fastify.inject('/api/ok');
    await fastify.inject('/api/down?x=1');
    await fastify.close();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        req: { id: 'trace-me-7', method: 'GET', url: '/api/down?x=1' },
        res: { statusCode: 503 },
        responseTime: expect.any(Number),
        msg: 'GET /api/down?x=1 503',
      }),
    ]);
  });

  it('at info the hook stays out of the way: pino-http writes those lines', async () => {
    const lines: Record<string, unknown>[] = [];
    rootLoggerInto(lines, 'info');
    const fastify = Fastify();
    logFailedRequests(fastify, config('info'));
    fastify.get('/api/down', (_request, reply) => reply.code(500).send({ errors: ['down'] }));
    await fastify.inject('/api/down');
    await fastify.close();
    expect(lines).toEqual([]);
  });
});
