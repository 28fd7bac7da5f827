// Login limiter under a flood of distinct emails (SECURITY.md §5): the attempt rate and an unrelated
// GET /api/videos latency with 100 login keys held, then with 60 000 (BENCH_LIMITER_KEYS). The limits
// are raised so that every attempt is counted and answered (404, unknown email) rather than refused,
// and the address limit, one key for the whole flood, does not stop it. Run on each rate-limiter
// adapter: in-process (the default) and Redis (shared by instances, when REDIS_URL is set).
// Each: two servers, a warm-up phase on each (JIT, sockets; not counted), one filled to 60 000 keys,
// then BENCH_LIMITER_ROUNDS (3) rounds alternating a phase on each; medians. BENCH_LIMITER_ADAPTERS
// (memory,redis) picks the adapters.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../lib/http-client.mjs';
import { startApp } from '../lib/processes.mjs';
import { DIST, envNumber, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const WORKERS = 4;
const LOGIN_LIMITS = { limit: 1_000_000, windowMs: 3_600_000 };

/**
 * The limiter alone, without HTTP and the login around it (what a loaded machine blurs least): one
 * attempt is an email key and the address key reserved, as LoginRateLimiter does. Two limiters, one
 * holding 100 email keys and one `manyKeys`, each cycling over its own keys; rounds of `perRound`
 * attempts alternate between them (so that a change in the machine's load hits both), medians kept
 * (5 rounds with the default 3 of the HTTP phases).
 */
async function directRun(adapter, redis, manyKeys, rounds) {
  const { MemoryRateLimiter } = require(join(DIST, 'rate-limits/memory-rate-limiter.js'));
  const { RedisRateLimiter } = require(join(DIST, 'rate-limits/redis-rate-limiter.js'));
  const make = (name) =>
    adapter === 'redis' ? RedisRateLimiter.connect(redis.url, `bench-limiter-${name}-${Date.now().toString(36)}`) : new MemoryRateLimiter();
  const perRound = Math.min(adapter === 'redis' ? 2_000 : 20_000, 10 * manyKeys);
  const email = (keys, i) => `login:e:d${i % keys}@flood.example`;
  const round = async (limiter, keys, from) => {
    const started = performance.now();
    for (let i = from; i < from + perRound; i++) {
      await limiter.reserve(email(keys, i), LOGIN_LIMITS);
      await limiter.reserve('login:a:127.0.0.1', LOGIN_LIMITS);
    }
    return perRound / ((performance.now() - started) / 1000);
  };
  const sides = [
    { keys: 100, limiter: make('few'), rates: [] },
    { keys: manyKeys, limiter: make('many'), rates: [] },
  ];
  try {
    for (const side of sides) for (let i = 0; i < side.keys; i++) await side.limiter.reserve(email(side.keys, i), LOGIN_LIMITS);
    for (const side of sides) await round(side.limiter, side.keys, 0); // warm-up (JIT, connection), not counted
    for (let r = 0; r < Math.max(rounds, 3); r++)
      for (const side of sides) side.rates.push(await round(side.limiter, side.keys, (r + 1) * perRound));
  } finally {
    for (const side of sides) await side.limiter.close();
  }
  const medianOf = (rates) => [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)];
  return { few: medianOf(sides[0].rates), many: medianOf(sides[1].rates), perRound };
}

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

const medianBy = (values, pick) => [...values].sort((a, b) => pick(a) - pick(b))[Math.floor(values.length / 2)];

/**
 * Two servers on one adapter: one whose limiter holds 100 login keys, one holding `manyKeys`; their
 * phases alternate for `rounds` rounds (so that the machine's load, which other work changes, hits
 * both alike), and the medians are kept.
 */
async function measure({ adapter, redis, jwtSecret, seconds, manyKeys, rounds, log }) {
  const started = [];
  const start = async (name) => {
    const dataDir = mkdtempSync(join(tmpdir(), `bench-limiter-${name}-`));
    const prefix = `bench-limiter-${name}-${Date.now().toString(36)}`;
    const app = await startApp({
      dataDir,
      ...(adapter === 'redis' && { redisUrl: redis.url, prefix }),
      jwtSecret,
      env: { LOGIN_LIMIT_PER_EMAIL: '1000000', LOGIN_LIMIT_PER_ADDRESS: '1000000', LOGIN_LIMIT_WINDOW_SECONDS: '3600' },
    });
    started.push({ app, dataDir });
    return { app, prefix };
  };
  try {
    const few = await start('few');
    const many = await start('many');
    for (const { app } of [few, many]) await phase(app.url, seconds, 100); // warm-up: JIT and sockets, not counted
    const filling = performance.now();
    if (adapter === 'redis') {
      // The same keys the logins make (the limiter's state is all that matters here), written straight
      // into the server's Redis: much faster than through HTTP on a loaded machine.
      const { RedisRateLimiter } = require(join(DIST, 'rate-limits/redis-rate-limiter.js'));
      const limiter = RedisRateLimiter.connect(redis.url, many.prefix);
      for (let i = 0; i < manyKeys; i += 100) {
        await Promise.all(
          Array.from({ length: Math.min(100, manyKeys - i) }, (_, j) =>
            limiter.reserve(`login:e:u${1000 + i + j}@flood.example`, LOGIN_LIMITS),
          ),
        );
      }
      await limiter.close();
    } else {
      await fill(many.app.url, manyKeys, 1000);
    }
    log(`limiter/${adapter}: ${manyKeys} keys filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const results = { few: [], many: [] };
    for (let r = 0; r < rounds; r++) {
      results.few.push(await phase(few.app.url, seconds, 100));
      results.many.push(await phase(many.app.url, seconds, manyKeys, 1000));
    }
    const summary = (list) => ({
      keys: list[0].keys,
      attemptsPerSecond: medianBy(list, (x) => x.attemptsPerSecond).attemptsPerSecond,
      get: { p50: medianBy(list, (x) => x.get.p50).get.p50, p99: medianBy(list, (x) => x.get.p99).get.p99 },
      rounds: list.map((x) => ({ attemptsPerSecond: x.attemptsPerSecond, p50: x.get.p50, p99: x.get.p99 })),
    });
    const [fewSummary, manySummary] = [summary(results.few), summary(results.many)];
    for (const r of [fewSummary, manySummary]) {
      log(
        `limiter/${adapter}: ${String(r.keys).padStart(6)} keys, median of ${rounds}: ${r.attemptsPerSecond.toFixed(0)} attempts/s; GET /api/videos p50 ${r.get.p50.toFixed(2)} ms, p99 ${r.get.p99.toFixed(2)} ms`,
      );
    }
    const limiterAlone = await directRun(adapter, redis, manyKeys, 2 * rounds - 1);
    log(
      `limiter/${adapter}: the limiter alone (no HTTP): ${limiterAlone.few.toFixed(0)} attempts/s with 100 keys, ${limiterAlone.many.toFixed(0)} with ${manyKeys}`,
    );
    return { adapter, few: fewSummary, many: manySummary, limiterAlone };
  } finally {
    for (const { app, dataDir } of started) {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

export async function loginLimiterBenchmark({ redis, jwtSecret, log }) {
  const seconds = envNumber('BENCH_LIMITER_SECONDS', 5);
  const manyKeys = envNumber('BENCH_LIMITER_KEYS', 60_000);
  const rounds = envNumber('BENCH_LIMITER_ROUNDS', 3);
  const adapters = (process.env.BENCH_LIMITER_ADAPTERS || 'memory,redis').split(',');
  const results = [];
  for (const adapter of adapters) results.push(await measure({ adapter, redis, jwtSecret, seconds, manyKeys, rounds, log }));
  return { seconds, manyKeys, rounds, results };
}
