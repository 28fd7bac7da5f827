// Login limiter under a flood of distinct emails (issue 15): the attempt rate and an unrelated
// GET /api/videos latency with 100 login keys held, then with 60 000. The limits are raised so that
// every attempt is counted and answered (404, unknown email) rather than refused, and the address
// limit, one key for the whole flood, does not stop it.
//   node bench/experiments/login-limiter.mjs [BENCH_BACKEND_DIST=… for another build]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../lib/http-client.mjs';
import { startApp } from '../lib/processes.mjs';
import { envNumber, summarise } from '../lib/util.mjs';

const SECONDS = envNumber('BENCH_LIMITER_SECONDS', 5);
const WORKERS = 4;

/** Logins cycling over `keys` emails for SECONDS, beside one client timing GET /api/videos back to back. */
async function phase(url, keys, offset = 0) {
  const until = Date.now() + SECONDS * 1000;
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
  return { keys, attemptsPerSecond: attempts / SECONDS, get: summarise(latencies) };
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

const dataDir = mkdtempSync(join(tmpdir(), 'bench-limiter-'));
const app = await startApp({
  dataDir,
  jwtSecret: 'bench-secret-bench-secret-bench-secret-42',
  env: { LOGIN_LIMIT_PER_EMAIL: '1000000', LOGIN_LIMIT_PER_ADDRESS: '1000000', LOGIN_LIMIT_WINDOW_SECONDS: '3600' },
});
try {
  await phase(app.url, 100); // warm-up: JIT and sockets, not counted
  const few = await phase(app.url, 100);
  await fill(app.url, 60_000, 1000);
  const many = await phase(app.url, 60_000, 1000);
  for (const r of [few, many]) {
    console.log(
      `${String(r.keys).padStart(6)} keys: ${r.attemptsPerSecond.toFixed(0)} attempts/s; GET /api/videos p50 ${r.get.p50.toFixed(2)} ms, p99 ${r.get.p99.toFixed(2)} ms`,
    );
  }
  console.log(
    `ratio 60 000 / 100 keys: attempts ${(many.attemptsPerSecond / few.attemptsPerSecond).toFixed(2)}, GET p99 ${(many.get.p99 / few.get.p99).toFixed(2)}`,
  );
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
