// Public reads (SECURITY.md §12): BENCH_PUBLIC_CONNECTIONS (8) anonymous connections hammering
// GET /api/playlists?limit=100 (100 public playlists of 12 videos, 10 owners) for BENCH_PUBLIC_SECONDS (15 s)
// while a signed-in user reads their lists (likes, playlists, watch later, one request after another):
// that user's read p99 beside the flood, against the same reads with the server otherwise idle (target:
// within 2 ×). The flood runs in its own process (autocannon's CLI), so that its parsing does not
// delay the reader's loop in this one. Run on the real server (production settings; Redis read model
// and rate limiter), once per setting of BENCH_PUBLIC_LIMITS: `default` (the shipped per-address public read rate) and `lifted`
// (PUBLIC_READ_LIMIT_PER_ADDRESS=1000000: only the bounded, shared pages hold the flood back).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { startApp } from '../lib/processes.mjs';
import { ROOT, cpuMs, envNumber, summarise } from '../lib/util.mjs';

const LISTING = '/api/playlists?limit=100';
const READER_PATHS = ['/api/user/likes', '/api/user/playlists', '/api/user/watchlater'];

/** 10 owners × 10 playlists of the 12 catalogue videos, each imported then made public; and the reader's lists. */
async function seed(url) {
  const ids = await videoIds(url);
  if (ids.length !== 12) throw new Error(`the catalogue has ${ids.length} videos, not 12`);
  for (let o = 0; o < 10; o++) {
    const owner = await signUp(url, `owner${o}`);
    const playlists = Array.from({ length: 10 }, (_, p) => ({ title: `Desk setup ${o}-${p}`, description: 'my picks', videoIds: ids }));
    await owner.client.timed('POST', '/api/user/import', { format: 'techtube-library', version: 1, playlists }, 200);
    const mine = JSON.parse((await owner.client.timed('GET', '/api/user/playlists', undefined, 200)).res.text).playlists;
    for (const { _id } of mine) await owner.client.timed('PATCH', `/api/user/playlists/${_id}`, { visibility: 'public' }, 200);
    owner.client.close();
  }
  const reader = await signUp(url, 'reader');
  for (const id of ids) await reader.client.timed('POST', '/api/user/likes', { video: { _id: id } }, 201);
  for (const id of ids.slice(0, 6)) await reader.client.timed('POST', '/api/user/watchlater', { video: { _id: id } }, 201);
  const created = JSON.parse((await reader.client.timed('POST', '/api/user/playlists', { playlist: { title: 'Mine' } }, 201)).res.text);
  const playlistId = created.playlists[0]._id;
  for (const id of ids) await reader.client.timed('POST', `/api/user/playlists/${playlistId}`, { video: { _id: id } }, 201);
  const page = await fetch(`${url}${LISTING}`);
  const text = await page.text();
  if (page.status !== 200 || JSON.parse(text).playlists.length !== 100) throw new Error(`${LISTING}: ${page.status} ${text.slice(0, 200)}`);
  return { reader, pageBytes: Buffer.byteLength(text) };
}

/** The reader's requests back to back for `seconds`: their latencies. */
async function read(reader, seconds) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++)
    latencies.push((await reader.client.timed('GET', READER_PATHS[i % READER_PATHS.length], undefined, 200)).ms);
  return summarise(latencies);
}

/** autocannon's CLI in a process of its own: its JSON result. */
function flood(url, connections, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'),
        '-c',
        String(connections),
        '-d',
        String(seconds),
        '-j',
        `${url}${LISTING}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}: ${err.slice(-500)}`)),
    );
  });
}

async function measure({ limits, redis, jwtSecret, seconds, connections, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-public-${limits}-`));
  const prefix = `bench-public-${limits}-${Date.now().toString(36)}`;
  const app = await startApp({
    dataDir,
    redisUrl: redis.url,
    prefix,
    jwtSecret,
    env: limits === 'lifted' ? { PUBLIC_READ_LIMIT_PER_ADDRESS: '1000000' } : {},
  });
  try {
    const { reader, pageBytes } = await seed(app.url);
    log(`public/${limits}: 100 public playlists of 12 videos; a page of ${LISTING} is ${pageBytes} bytes`);
    // Warm-up (JIT, sockets), not counted; with the shipped limit it also uses up the address's first window.
    await Promise.all([read(reader, 2), flood(app.url, connections, 2)]);
    let cpu = cpuMs(app.pid);
    const idle = await read(reader, seconds);
    const idleCpu = cpuMs(app.pid) - cpu;
    cpu = cpuMs(app.pid);
    const [busy, hammer] = await Promise.all([read(reader, seconds), flood(app.url, connections, seconds)]);
    const busyCpu = cpuMs(app.pid) - cpu;
    reader.client.close();
    const answers = {
      ok: hammer['2xx'],
      refused: hammer.non2xx,
      errors: hammer.errors,
      timeouts: hammer.timeouts,
      total: hammer.requests.total,
    };
    log(
      `public/${limits}: reader p50 ${idle.p50.toFixed(2)} / p99 ${idle.p99.toFixed(2)} ms idle (${idle.count}), ` +
        `p50 ${busy.p50.toFixed(2)} / p99 ${busy.p99.toFixed(2)} ms beside the flood (${busy.count}); flood: ${answers.ok} × 200, ` +
        `${answers.refused} other (429), ${answers.errors} errors, ${(hammer.throughput.average / 1e6).toFixed(2)} MB/s; server CPU ${idleCpu} ms idle, ${busyCpu} ms busy`,
    );
    return { limits, pageBytes, idle, busy, answers, floodMBps: hammer.throughput.average / 1e6, idleCpuMs: idleCpu, busyCpuMs: busyCpu };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function publicReadsBenchmark({ redis, jwtSecret, log }) {
  const seconds = envNumber('BENCH_PUBLIC_SECONDS', 15);
  const connections = envNumber('BENCH_PUBLIC_CONNECTIONS', 8);
  const settings = (process.env.BENCH_PUBLIC_LIMITS || 'default,lifted').split(',');
  const results = [];
  for (const limits of settings) results.push(await measure({ limits, redis, jwtSecret, seconds, connections, log }));
  return { seconds, connections, results };
}
