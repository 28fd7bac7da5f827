import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { TestRedis, launch, startRedis } from '../support/redis-server';
import { freePort } from '../support/server-process';

/**
 * The operators' port (docs/design/operating.md, README "Operating it"): with METRICS_PORT set, the app
 * serves Prometheus text on /metrics and liveness and readiness on /health/live and /health/ready, apart
 * from the public port; what it counts follows the writes and reads it serves. One instance on a real
 * SQLite file and a private redis-server, with two projection partitions, so that both show in the gauges.
 */
let redis: TestRedis;
let server: RunningApp;
let metricsUrl: string;
let guest: ApiClient;
/** The same Redis port started again at the end of the outage test. */
let restarted: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  redis = await startRedis({ spawn: true });
  const metricsPort = await freePort();
  server = await startApp({
    redisUrl: redis.url,
    redisPrefix: redis.prefix,
    env: {
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      PROJECTION_PARTITIONS: '2',
      MAX_PLAYLISTS_PER_USER: '1',
      // The Redis outage below must not wait out the default 10 s per write.
      READ_YOUR_WRITES_TIMEOUT_MS: '2000',
    },
  });
  metricsUrl = `http://127.0.0.1:${metricsPort}`;
  guest = new ApiClient(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await restarted?.stop();
  await redis?.stop();
});

async function scrape(): Promise<string> {
  const response = await fetch(`${metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

/** The value of one sample, `name{labels}` written as Prometheus does (labels in declaration order); undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('the public port never answers metrics: GET /metrics there is no Prometheus text', async () => {
  const response = await fetch(`${server.url}/metrics`);
  const text = await response.text();
  expect(text).not.toMatch(/^# (HELP|TYPE) /m);
  expect(text).not.toContain('http_request_duration_seconds');
});

test('a like: one VideoLiked appended, its command timed with outcome ok, its route timed by pattern', async () => {
  const { client } = await guest.signUpUser('Metrics');
  const [videoId] = (await guest.get('/videos')).body.videos.map((video: { _id: string }) => video._id);
  const before = await scrape();
  expect((await client.post('/user/likes', { video: { _id: videoId } })).status).toBe(201);
  const after = await scrape();

  const liked = 'techtube_events_appended_total{type="VideoLiked"}';
  expect((sample(after, liked) ?? 0) - (sample(before, liked) ?? 0)).toBe(1);
  const commands = 'techtube_commands_total{command="LikeVideo",outcome="ok"}';
  expect((sample(after, commands) ?? 0) - (sample(before, commands) ?? 0)).toBe(1);
  expect(sample(after, 'techtube_command_duration_seconds_count{command="LikeVideo",outcome="ok"}')).toBeGreaterThanOrEqual(1);
  expect(after).toMatch(/^techtube_command_duration_seconds_bucket\{le="[^"]+",command="LikeVideo",outcome="ok"\} \d+$/m);
  expect(sample(after, 'http_request_duration_seconds_count{method="POST",route="/api/user/likes",status="201"}')).toBe(1);
  expect(sample(after, 'techtube_read_your_writes_wait_seconds_count{outcome="shown"}')).toBeGreaterThanOrEqual(1);
  expect(sample(after, 'techtube_event_store_duration_seconds_count{operation="append"}')).toBeGreaterThanOrEqual(1);
  expect(sample(after, 'techtube_redis_command_duration_seconds_count{command="get"}')).toBeGreaterThanOrEqual(1);
});

test('routes are labelled by pattern, never the raw URL; a path no route has is "unmatched"', async () => {
  const [videoId] = (await guest.get('/videos')).body.videos.map((video: { _id: string }) => video._id);
  expect((await guest.get(`/video/${videoId}`)).status).toBe(200);
  expect((await guest.get('/no-such-route-here')).status).toBe(404);
  const text = await scrape();
  expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/video/:videoId",status="200"}')).toBeGreaterThanOrEqual(
    1,
  );
  expect(text).not.toContain(videoId);
  expect(text).not.toContain('no-such-route-here');
  expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
});

test('projection gauges per partition (both of PROJECTION_PARTITIONS=2), and the events each applied', async () => {
  const { client } = await guest.signUpUser('Gauges');
  const [videoId] = (await guest.get('/videos')).body.videos.map((video: { _id: string }) => video._id);
  expect((await client.post('/user/watchlater', { video: { _id: videoId } })).status).toBe(201);
  const text = await scrape();
  for (const partition of ['0', '1']) {
    expect(sample(text, `techtube_projection_lag_events{partition="${partition}"}`)).toBe(0);
    expect(sample(text, `techtube_projection_lag_seconds{partition="${partition}"}`)).toBe(0);
    expect(sample(text, `techtube_projection_checkpoint{partition="${partition}"}`)).toBeGreaterThan(0);
  }
  const projected = ['0', '1'].map((partition) => sample(text, `techtube_projected_events_total{partition="${partition}"}`) ?? 0);
  expect(projected[0]! + projected[1]!).toBeGreaterThanOrEqual(3); // two sign-ups, a like, a watch later at least
});

test("refusals by limit, and an Idempotency-Key's replay", async () => {
  const { client } = await guest.signUpUser('Refused');
  expect((await client.post('/user/playlists', { playlist: { title: 'The one' } })).status).toBe(201);
  expect((await client.post('/user/playlists', { playlist: { title: 'One too many' } })).status).toBe(422);
  const [videoId] = (await guest.get('/videos')).body.videos.map((video: { _id: string }) => video._id);
  const keyed = { 'idempotency-key': 'metrics-1' };
  expect((await client.request('POST', '/user/likes', { video: { _id: videoId } }, keyed)).status).toBe(201);
  const again = await client.request('POST', '/user/likes', { video: { _id: videoId } }, keyed);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  const text = await scrape();
  expect(sample(text, 'techtube_refusals_total{limit="playlists"}')).toBe(1);
  expect(sample(text, 'techtube_commands_total{command="CreatePlaylist",outcome="refused"}')).toBe(1);
  expect(sample(text, 'techtube_idempotent_replays_total')).toBe(1);
});

test("prom-client's default metrics: resident memory and heap", async () => {
  const text = await scrape();
  expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
});

test('liveness and readiness on both ports: ready while Redis answers; while it is down, not ready and still live; ready again once it is back', async () => {
  const get = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  expect(await get(`${metricsUrl}/health/live`)).toEqual({ status: 200, body: { status: 'live' } });
  expect(await get(`${metricsUrl}/health/ready`)).toEqual({ status: 200, body: { status: 'ready' } });
  expect(await get(`${server.url}/api/health/live`)).toEqual({ status: 200, body: { status: 'live' } });
  expect(await get(`${server.url}/api/health/ready`)).toEqual({ status: 200, body: { status: 'ready' } });
  expect((await get(`${server.url}/api/health`)).body.status).toBe('ok');

  await redis.stop();
  const ready = await eventually(
    () => get(`${metricsUrl}/health/ready`),
    (answer) => answer.status === 503,
  );
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'unavailable', readModel: { status: 'down' } });
  expect((await get(`${server.url}/api/health/ready`)).status).toBe(503);
  expect(await get(`${metricsUrl}/health/live`)).toEqual({ status: 200, body: { status: 'live' } });
  expect(await get(`${server.url}/api/health/live`)).toEqual({ status: 200, body: { status: 'live' } });

  restarted = await launch(Number(new URL(redis.url).port));
  const back = await eventually(
    () => get(`${metricsUrl}/health/ready`),
    (answer) => answer.status === 200,
  );
  expect(back).toEqual({ status: 200, body: { status: 'ready' } });
});
