import { createServer, IncomingMessage, Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../support/api-client';
import { ServerProcess, ensureBuilt, startServerProcess } from '../support/server-process';
import { TestRedis, startRedis } from '../support/redis-server';

/**
 * docs/design/operating.md, "Traces": with OTEL_EXPORTER_OTLP_ENDPOINT set, the built server sends its
 * spans over OTLP/HTTP (JSON) to that endpoint: one trace from the request through Nest's handler and the
 * command to the append, a projection span linked to it, every span carrying the request's correlation id.
 * Without OTEL_*, nothing is sent and none of OpenTelemetry is loaded. The collector here is a stand-in: a
 * node:http server keeping what is POSTed to /v1/traces.
 */
interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: { key: string; value: { stringValue?: string; arrayValue?: { values: { stringValue?: string }[] } } }[];
  readonly links?: { traceId: string; spanId: string }[];
  /** The instrumentation that made it (its scope's name), added here. */
  scope?: string;
}

const SPAN_KIND_SERVER = 2;
const V1 = 'BJrsmM6aEYE';

function correlationOf(span: OtlpSpan): string[] {
  const value = span.attributes.find((attribute) => attribute.key === 'techtube.correlation_id')?.value;
  if (!value) return [];
  return value.stringValue !== undefined ? [value.stringValue] : (value.arrayValue?.values ?? []).map((v) => v.stringValue!);
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

/** The collector stand-in: every span POSTed to /v1/traces, and a way to wait for one. */
async function collector() {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  let arrived = () => undefined as void;
  const server: Server = createServer((request, response) => {
    void body(request).then((text) => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const document = JSON.parse(text) as { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] };
      for (const resource of document.resourceSpans) {
        for (const { scope, spans: made } of resource.scopeSpans) for (const span of made) spans.push({ ...span, scope: scope.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    spans,
    paths,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once `found` finds what it looks for among the spans received (the suite's timeout bounds the wait). */
    async until<T>(found: () => T | undefined): Promise<T> {
      for (;;) {
        const result = found();
        if (result !== undefined) return result;
        await new Promise<void>((resolve) => (arrived = resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('OpenTelemetry traces, on by OTEL_* only', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let otlp: Awaited<ReturnType<typeof collector>>;
  let redis: TestRedis;

  beforeAll(async () => {
    ensureBuilt();
    redis = await startRedis();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-tracing-'));
    otlp = await collector();
  });

  afterEach(async () => {
    await server?.kill();
    server = undefined;
    await otlp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a like: request, Nest handler, command and append spans in one trace, a projection span linked to it, all with the correlation id', async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.prefix,
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const { client: user } = await new ApiClient(server.url).signUpUser('Traced');
    const liked = await user.request('POST', '/user/likes', { video: { _id: V1 } }, { 'x-request-id': 'trace-me' });
    expect(liked.status).toBe(201);

    const of = (name: string) => otlp.spans.find((span) => span.name === name && correlationOf(span).includes('trace-me'));
    const command = await otlp.until(() => of('command LikeVideo'));
    const append = await otlp.until(() => otlp.spans.find((s) => s.name === 'event-store append' && s.parentSpanId === command.spanId));
    const request = await otlp.until(() =>
      otlp.spans.find((s) => s.kind === SPAN_KIND_SERVER && s.traceId === command.traceId && s.parentSpanId === undefined),
    );
    const handler = await otlp.until(() => otlp.spans.find((s) => s.name === 'LikesController.add' && s.traceId === command.traceId));
    const projection = await otlp.until(() =>
      otlp.spans.find((s) => s.name.startsWith('project partition ') && s.links?.some((link) => link.traceId === command.traceId)),
    );
    expect(otlp.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    // Redis commands: the request's (its read of the list it answers with) and the projection's writes.
    const redisOf = (parent: OtlpSpan) => otlp.spans.find((s) => s.scope?.includes('ioredis') && s.traceId === parent.traceId);
    await otlp.until(() => redisOf(request));
    await otlp.until(() => redisOf(projection));

    // One trace, each span the child of the one before: request → … → Nest handler → … → command → append.
    const trace = otlp.spans.filter((s) => s.traceId === command.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors = (span: OtlpSpan): string[] =>
      span.parentSpanId === undefined ? [] : [span.parentSpanId, ...ancestors(byId.get(span.parentSpanId)!)];
    expect(ancestors(append)).toEqual(expect.arrayContaining([command.spanId, handler.spanId, request.spanId]));
    expect(ancestors(command)).toEqual(expect.arrayContaining([handler.spanId, request.spanId]));
    expect(ancestors(handler)).toContain(request.spanId);
    expect(append.traceId).toBe(request.traceId);

    // The projection is a trace of its own, linked to the append that wrote its event (the event's traceparent).
    expect(projection.traceId).not.toBe(command.traceId);
    expect(projection.links).toEqual(expect.arrayContaining([expect.objectContaining({ traceId: append.traceId, spanId: append.spanId })]));

    // Every span of the request's trace, and the projection's, carry its correlation id.
    for (const span of [...trace, projection])
      expect({ name: span.name, correlation: correlationOf(span) }).toEqual({ name: span.name, correlation: ['trace-me'] });
  });

  test('a stop sends the spans still batched before the process exits', async () => {
    // A batch delay far longer than the test: only the shutdown's flush can send them.
    server = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '3600000',
    });
    const { client: user } = await new ApiClient(server.url).signUpUser('Flushed');
    expect((await user.request('POST', '/user/likes', { video: { _id: V1 } }, { 'x-request-id': 'last-words' })).status).toBe(201);
    expect(otlp.spans).toEqual([]);
    expect(await server.kill('SIGTERM')).toBe(0);
    server = undefined;
    expect(otlp.spans.filter((span) => span.name === 'command LikeVideo').map(correlationOf)).toEqual([['last-words']]);
  });

  test('without OTEL_*, no span is sent and none of OpenTelemetry is loaded', async () => {
    // A preload that writes, at exit, every module the server's main thread loaded (the SQLite store's
    // worker thread loads the preload too, and writes nothing).
    const loaded = join(dataDir, 'loaded-modules.json');
    const preload = join(dataDir, 'loaded-modules.js');
    writeFileSync(
      preload,
      `if (require('node:worker_threads').isMainThread) process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(Object.keys(require.cache))));\n`,
    );
    const noOtel = Object.fromEntries(
      Object.keys(process.env)
        .filter((key) => key.startsWith('OTEL_'))
        .map((key) => [key, '']),
    );
    server = await startServerProcess({ ...noOtel, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_OPTIONS: `--require ${preload}` });
    const { client: user } = await new ApiClient(server.url).signUpUser('Untraced');
    expect((await user.post('/user/likes', { video: { _id: V1 } })).status).toBe(201);
    expect(await server.kill()).toBe(0);
    server = undefined;

    const modules = JSON.parse(readFileSync(loaded, 'utf8')) as string[];
    // The preload saw the app itself load (so the list is the server's), and nothing of OpenTelemetry's SDK,
    // exporters or instrumentations. (Its API package, a no-op until an SDK registers, is no part of the SDK:
    // prom-client loads it for exemplars.)
    expect(modules.some((path) => path.includes(join('@nestjs', 'core')))).toBe(true);
    expect(modules.filter((path) => /@opentelemetry[\\/](?!api[\\/])|@fastify[\\/]otel/.test(path))).toEqual([]);
    // Nothing was sent anywhere it could have been: the collector stand-in got nothing.
    expect(otlp.paths).toEqual([]);
  });
});
