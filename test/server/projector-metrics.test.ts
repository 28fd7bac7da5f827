import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { TestRedis, startRedis } from '../support/redis-server';
import { MAIN, ServerProcess, ensureBuilt, freePort, startServerProcess } from '../support/server-process';

/**
 * The projector-only role (`npm run projector`) has no HTTP API: with METRICS_PORT set it is probed and
 * scraped on the metrics port (docs/design/operating.md), beside API instances started with PROJECTOR=off.
 */
let redis: TestRedis;
let dataDir: string;
let projector: ChildProcess | undefined;
let api: ServerProcess | undefined;
let metricsUrl: string;

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(join(tmpdir(), 'techtube-projector-metrics-'));
  redis = await startRedis({ spawn: true });
  const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, PROJECTION_PARTITIONS: '2' };
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}`;
  projector = spawn(process.execPath, [MAIN.replace(/main\.js$/, 'projector.main.js')], {
    env: { ...process.env, ...env, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  projector.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  projector.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`${metricsUrl}/health/live`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (projector.exitCode !== null || Date.now() > deadline) throw new Error(`the projector's metrics port did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  api = await startServerProcess({ ...env, PROJECTOR: 'off' });
}, 60_000);

afterAll(async () => {
  await api?.kill();
  if (projector && projector.exitCode === null) {
    const exited = new Promise((resolve) => projector!.once('exit', resolve));
    projector.kill('SIGTERM');
    await exited;
  }
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the projector role answers liveness, readiness and /metrics on METRICS_PORT, and counts what it projects', async () => {
  expect(await fetch(`${metricsUrl}/health/live`).then((r) => r.json())).toEqual({ status: 'live' });
  const { client } = await new ApiClient(api!.url).signUpUser('Projected');
  const [videoId] = (await client.get('/videos')).body.videos.map((video: { _id: string }) => video._id);
  // Answered once the projector (another process) has applied it: the API instance only serves.
  expect((await client.post('/user/likes', { video: { _id: videoId } })).status).toBe(201);

  const ready = await fetch(`${metricsUrl}/health/ready`);
  expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  const text = await fetch(`${metricsUrl}/metrics`).then((r) => r.text());
  for (const partition of ['0', '1'])
    expect(text).toMatch(new RegExp(`^techtube_projection_lag_events\\{partition="${partition}"\\} \\d+$`, 'm'));
  const projected = [...text.matchAll(/^techtube_projected_events_total\{partition="\d"\} (\d+)$/gm)].map((m) => Number(m[1]));
  expect(projected.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2); // the sign-up and the like at least
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  // No HTTP API in this process: the histogram is declared, with no answer in it.
  expect(text).not.toMatch(/^http_request_duration_seconds_count/m);
});
