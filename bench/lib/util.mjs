// Small helpers shared by the benchmarks: free ports, percentiles, process CPU time, JWTs.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(BENCH_DIR, '..');
/** The backend build the bench runs: backend/dist, or BENCH_BACKEND_DIST (a what-if build of bench/experiments/build-variant.mjs). */
export const DIST = process.env.BENCH_BACKEND_DIST || join(ROOT, 'backend', 'dist');

/** The node flags `npm run replay` passes (root package.json), so that the bench runs exactly that command. */
export function replayNodeFlags() {
  const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.replay;
  const match = /\bnode ((?:--[\w-]+(?:=\S+)? )*)backend\/dist\/entry-points\/replay\.main\.js/.exec(script);
  if (!match) throw new Error(`the replay script no longer runs node backend/dist/entry-points/replay.main.js: ${script}`);
  return match[1].split(' ').filter(Boolean);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarise(latenciesMs) {
  const sorted = Float64Array.from(latenciesMs).sort();
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

/** User + system CPU time of a process in ms (Linux /proc), or undefined elsewhere. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 (utime, stime) are the 12th and 13th after the command name; clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const b64url = (value) => Buffer.from(value).toString('base64url');

/** An HS256 token like the app's TokenService issues: payload {_id, email, iat, exp}. */
export function signToken(secret, payload, ttlSeconds = 24 * 3600) {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ ...payload, iat: now, exp: now + ttlSeconds }));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

export function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export const fmt = {
  int: (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a'),
  ms: (n) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : 'n/a'),
  pct: (n) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : 'n/a'),
  x: (n) => (Number.isFinite(n) ? `${n.toFixed(2)} ×` : 'n/a'),
  kb: (n) => (Number.isFinite(n) ? `${(n / 1000).toFixed(1)} kB` : 'n/a'),
};
