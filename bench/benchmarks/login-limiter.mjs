// Login limiter under a flood of distinct emails (issue 15): the attempt rate and an unrelated
// GET /api/videos latency with 100 login keys held, then with 60 000 (BENCH_LIMITER_KEYS). The limits
// are raised so that every attempt is counted and answered (404, unknown email) rather than refused,
// and the address limit, one key for the whole flood, does not stop it. Run on each rate-limiter
// adapter: in-process (the default) and Redis (shared by instances, when REDIS_URL is set).
// Each: a warm-up phase (JIT, sockets; not counted), 100 keys, filling to 60 000 keys, 60 000 keys.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../lib/http-client.mjs';
import { startApp } from '../lib/processes.mjs';
import { envNumber, summarise } from '../lib/util.mjs';

const WORKERS = 4;

/** Logins cycling over `keys` emails for `seconds`, beside one client timing GET /api/videos back to back. */
async function phase(url, seconds, keys, offset = 0) {
  const until = Date.now() + seconds * 1000;
  let attempts = 0;
  const flood = Array.from({ length: WORKERS }, async (_, w) => {
    const client = new Client(url, '');
    for (let i = w; Date.now() < until; i += WORKERS) {
      await client.request('POST', '/api/auth/login', { email: `u${offset + (i % keys)}@flood.example`, password: 'wrong-password' });
      attempts++;
    }
    client.close();
  });
  const reader = new Client(url, '');
  const latencies = [];
  while (Date.now() < until) latencies.push((await reader.timed('GET', '/api/videos', undefined, 200)).ms);
  reader.close();
  await Promise.all(flood);
  return { keys, attemptsPerSecond: attempts / seconds, get: summarise(latencies) };
}

/** Makes the limiter hold `count` distinct keys (each email tried once). */
async function fill(url, count, offset) {
  const clients = Array.from({ length: WORKERS }, () => new Client(url, ''));
  await Promise.all(
    clients.map(async (client, w) => {
      for (let i = w; i < count; i += WORKERS)
        await client.request('POST', '/api/auth/login', { email: `u${offset + i}@flood.example`, password: 'x' });
    }),
  );
  for (const client of clients) client.close();
}

async function measure({ adapter, redis, jwtSecret, seconds, manyKeys, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-limiter-'));
  const app = await startApp({
    dataDir,
    ...(adapter === 'redis' && { redisUrl: redis.url, prefix: `bench-limiter-${Date.now().toString(36)}` }),
    jwtSecret,
    env: { LOGIN_LIMIT_PER_EMAIL: '1000000', LOGIN_LIMIT_PER_ADDRESS: '1000000', LOGIN_LIMIT_WINDOW_SECONDS: '3600' },
  });
  try {
    await phase(app.url, seconds, 100); // warm-up: JIT and sockets, not counted
    const few = await phase(app.url, seconds, 100);
    const filledAt = performance.now();
    await fill(app.url, manyKeys, 1000);
    log(`limiter/${adapter}: ${manyKeys} keys filled in ${((performance.now() - filledAt) / 1000).toFixed(1)} s`);
    const many = await phase(app.url, seconds, manyKeys, 1000);
    for (const r of [few, many]) {
      log(
        `limiter/${adapter}: ${String(r.keys).padStart(6)} keys: ${r.attemptsPerSecond.toFixed(0)} attempts/s; GET /api/videos p50 ${r.get.p50.toFixed(2)} ms, p99 ${r.get.p99.toFixed(2)} ms`,
      );
    }
    return { adapter, few, many };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function loginLimiterBenchmark({ redis, jwtSecret, log }) {
  const seconds = envNumber('BENCH_LIMITER_SECONDS', 5);
  const manyKeys = envNumber('BENCH_LIMITER_KEYS', 60_000);
  const results = [];
  for (const adapter of ['memory', 'redis']) results.push(await measure({ adapter, redis, jwtSecret, seconds, manyKeys, log }));
  return { seconds, manyKeys, results };
}
