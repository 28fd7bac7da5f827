// Kept answers (SECURITY.md §1, Idempotency-Key): one user whose every write answers the whole playlist
// library loops keyed writes — a fresh Idempotency-Key each, POST /api/user/playlists then DELETE
// /api/user/playlists/:id, both answering {playlists: [...every playlist with its hydrated videos]} — from
// 3 connections, paced to the write rate as shipped (at most 60 per 3 s), against
// `node --max-old-space-size=384 backend/dist/entry-points/main.js` (with bench/lib/memory-probe.cjs loaded: measurement
// only). Profiles (BENCH_KEPT_PROFILES):
//   - `large` (BENCH_KEPT_SECONDS, 60 s): 197 playlists of the 12 catalogue videos (the cap is 200; the 3
//     loops' own playlists make the rest), imported 40 to a POST /api/user/import document: answers of
//     ≈ 2.2 MB, the most the product allows with plain titles (measured and reported);
//   - `small` (BENCH_KEPT_SMALL_SECONDS, 45 s): 4 playlists of 12 videos, answers ≈ 45 kB, just under the
//     64 kB an answer may be kept at: what the per-user byte bound (1 MiB) and the process's 32 MB hold back.
// Every BENCH_KEPT_SAMPLE_MS (2 000) it samples the server's RSS (/proc/<pid>/status VmRSS), its V8 heap
// used (the probe) and the key store: DATA_DIR/idempotency.sqlite and its -wal (embedded), or the sum of
// MEMORY USAGE of the `*idempotency*` keys and Redis's used_memory (REDIS_URL: a private redis-server of
// its own). Idle baseline: the same samples for 4 s after a warm-up of unkeyed writes. Targets: the process
// lives through the run; its RSS stays within idle + 192 MiB, half the heap limit (the answers a process may
// remember: 32 M characters, which V8 keeps at 2 bytes each in an answer holding a character beyond
// Latin-1, as the catalogue's "…"; and V8's slack between collections: +28 to +56 MiB measured in `large`
// runs, +90 to +100 MiB in 45 s `small` ones, +132 MiB at the peak of a 120 s `small` run, whose heap used
// swung between 107 and 151 MiB once the remembered answers were full; the unbounded build passed +290 MiB
// in 5 s); the key store grows by at most 2 MiB in the run (the 1 MiB a user may keep, counted in answer
// bytes, plus 1 MiB for what each record holds beside its answer; the WAL, which SQLite reuses after each
// checkpoint of 1 000 pages, is reported beside). That is what 60 s reach, not the store's ceiling for one
// user: a `large` run of 330 s filled the 1 MiB with 5 165 answers of the 202 "already saved" (≈ 200 B
// counted each), which took 3.6 MiB of Redis memory (≈ 700 B a key) and 2.6 MiB of SQLite file. Once per
// BENCH_KEPT_STORES entry (`embedded`, `redis`);
// BENCH_KEPT_BEFORE_MAIN=<main.js of another build> runs the same on that build too (e.g. the build before
// answers were bounded: /tmp/base/backend/dist/entry-points/main.js).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { Client } from '../lib/http-client.mjs';
import { MAIN, startApp, startRedis } from '../lib/processes.mjs';
import { BENCH_DIR, envNumber, sleep, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const Redis = require('ioredis');

const HEAP_MB = 384;
const LOOPS = 3;
const WRITE_RATE = { limit: 60, windowMs: 3000 };
const MiB = 1024 * 1024;
const KEPT_BOUNDS = { rssOverIdle: 192 * MiB, storeGrowth: 2 * MiB };
const PROFILES = {
  large: { playlists: 200 - LOOPS, seconds: () => envNumber('BENCH_KEPT_SECONDS', 60) },
  small: { playlists: 4, seconds: () => envNumber('BENCH_KEPT_SMALL_SECONDS', 45) },
};

/** The server's resident set, bytes (/proc/<pid>/status VmRSS), or NaN once it is gone. */
function rssOf(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return NaN;
  }
}

function heapUsedOf(probeFile) {
  try {
    return JSON.parse(readFileSync(probeFile, 'utf8')).heapUsed;
  } catch {
    return NaN;
  }
}

const sizeOf = (path) => (existsSync(path) ? statSync(path).size : 0);

/** The key store's size: the SQLite file and its WAL, or Redis's used memory and its idempotency keys. */
async function storeSize(dataDir, redis) {
  if (!redis) {
    const file = join(dataDir, 'idempotency.sqlite');
    return { bytes: sizeOf(file), wal: sizeOf(`${file}-wal`) };
  }
  const used = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))[1]);
  let keys = 0;
  let bytes = 0;
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', '*idempotency*', 'COUNT', 1000);
    cursor = next;
    if (batch.length === 0) continue;
    const pipeline = redis.pipeline();
    for (const key of batch) pipeline.memory('USAGE', key, 'SAMPLES', 0);
    for (const [, usage] of await pipeline.exec()) bytes += Number(usage ?? 0);
    keys += batch.length;
  } while (cursor !== '0');
  return { bytes, keys, used };
}

/** A client-side window of the write rate as shipped: waits until one more write fits (with 100 ms to spare). */
function pacer() {
  const sent = [];
  return async function slot() {
    for (;;) {
      const now = performance.now();
      while (sent.length > 0 && sent[0] <= now - WRITE_RATE.windowMs - 100) sent.shift();
      if (sent.length < WRITE_RATE.limit) return void sent.push(now);
      await sleep(sent[0] + WRITE_RATE.windowMs + 101 - now);
    }
  };
}

/** The user's library: `count` playlists of the 12 catalogue videos, imported 40 to a document (a body is at most 100 kB). */
async function seed(url, count) {
  const ids = await videoIds(url);
  const user = await signUp(url, 'kept');
  const playlists = Array.from({ length: count }, (_, p) => ({ title: `Desk setup ${p}`, description: 'my picks', videoIds: ids }));
  for (let i = 0; i < count; i += 40)
    await user.client.timed(
      'POST',
      '/api/user/import',
      { format: 'techtube-library', version: 1, playlists: playlists.slice(i, i + 40) },
      200,
    );
  return user;
}

/** The id of the playlist titled `title` in a write's answer (without parsing 2 MB of JSON when the order of fields allows). */
function idOf(text, title) {
  const found = new RegExp(`"_id":"([^"]+)","title":"${title}"`).exec(text);
  return found ? found[1] : JSON.parse(text).playlists.find((p) => p.title === title)._id;
}

async function measure({ build, main, store, profile, jwtSecret, log }) {
  const { playlists, seconds } = { ...PROFILES[profile], seconds: PROFILES[profile].seconds() };
  const sampleMs = envNumber('BENCH_KEPT_SAMPLE_MS', 2000);
  const dataDir = mkdtempSync(join(tmpdir(), `bench-kept-${store}-`));
  const probeFile = join(dataDir, 'memory-probe.json');
  const redis = store === 'redis' ? await startRedis() : undefined;
  const redisClient = redis && new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const label = `kept-answers/${build}/${store}/${profile}`;
  let app;
  try {
    app = await startApp({
      dataDir,
      ...(redis && { redisUrl: redis.url, prefix: `bench-kept-${Date.now().toString(36)}` }),
      jwtSecret,
      main,
      // The write rate as shipped (startApp lifts it for the load benchmarks). The playlist cap is lifted only
      // for builds that count a playlist created in the last 60 s, deleted or not (55e8565 refuses the 4th
      // create after 3 create/delete pairs at 197): the library itself never holds more than 200 playlists.
      env: { WRITE_LIMIT_PER_USER: '60', WRITE_LIMIT_WINDOW_SECONDS: '3', MAX_PLAYLISTS_PER_USER: '100000', BENCH_MEMORY_FILE: probeFile },
      nodeArgs: [`--max-old-space-size=${HEAP_MB}`, '--require', join(BENCH_DIR, 'lib', 'memory-probe.cjs')],
    });
    if (redisClient) await redisClient.connect();
    const user = await seed(app.url, playlists);
    const clients = Array.from({ length: LOOPS }, () => new Client(app.url, user.token));
    const slot = pacer();
    // Warm-up (JIT; the answer's size), without keys: nothing kept.
    let answerBytes = 0;
    for (const [w, client] of clients.entries()) {
      await slot();
      const created = await client.timed('POST', '/api/user/playlists', { playlist: { title: `Warm-up ${w}` } }, 201);
      await slot();
      const deleted = await client.timed('DELETE', `/api/user/playlists/${idOf(created.res.text, `Warm-up ${w}`)}`, undefined, 200);
      answerBytes = Math.max(answerBytes, created.bytes, deleted.bytes);
    }
    if (profile === 'small' && answerBytes > 64 * 1024) throw new Error(`${label}: answers of ${answerBytes} B, not under 64 kB`);
    log(`${label}: ${playlists} playlists of 12 videos imported; a write answers ${(answerBytes / 1e6).toFixed(2)} MB`);
    await sleep(3000);
    const idleSamples = [];
    for (let i = 0; i < 4; i++) {
      idleSamples.push({ rss: rssOf(app.pid), heapUsed: heapUsedOf(probeFile), store: await storeSize(dataDir, redisClient) });
      await sleep(1000);
    }
    const idle = {
      rss: Math.max(...idleSamples.map((s) => s.rss)),
      heapUsed: Math.max(...idleSamples.map((s) => s.heapUsed)),
      store: idleSamples.at(-1).store,
    };

    const started = performance.now();
    const deadline = started + seconds * 1000;
    let died;
    app.exited.then(({ code, signal }) => (died ??= { at: (performance.now() - started) / 1000, code, signal }));
    const samples = [];
    const sampling = (async () => {
      while (performance.now() < deadline && !died) {
        samples.push({
          t: (performance.now() - started) / 1000,
          rss: rssOf(app.pid),
          heapUsed: heapUsedOf(probeFile),
          store: await storeSize(dataDir, redisClient).catch(() => undefined),
        });
        await sleep(sampleMs);
      }
    })();
    const latencies = [];
    const statuses = {};
    let last;
    const write = async (client, method, path, body) => {
      await slot();
      const key = randomUUID();
      const t0 = performance.now();
      const res = await client.request(method, path, body, { 'idempotency-key': key });
      latencies.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      last = { method, path, body, key, client };
      return res;
    };
    await Promise.all(
      clients.map(async (client, w) => {
        for (let i = 0; performance.now() < deadline && !died; i++) {
          const title = `Loop ${w}-${i}`;
          try {
            const created = await write(client, 'POST', '/api/user/playlists', { playlist: { title } });
            if (created.status !== 201) continue;
            await write(client, 'DELETE', `/api/user/playlists/${idOf(created.text, title)}`);
          } catch (error) {
            if (!died) await sleep(200); // the server is going (its exit is awaited below) or a socket was reset
            if (app.child.exitCode === null && app.child.signalCode === null) continue;
            died ??= { at: (performance.now() - started) / 1000, error: String(error) };
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await sampling;
    let replay;
    if (!died && last) {
      // The last write again with its key: answered from what was kept (the 202 "already saved" for a large
      // answer). Paced like the others: a retry counts against the write rate too.
      await slot();
      const res = await last.client.request(last.method, last.path, last.body, { 'idempotency-key': last.key });
      replay = { status: res.status, bytes: Buffer.byteLength(res.text), replayed: res.headers['idempotent-replayed'] === 'true' };
    }
    if (!died) {
      await sleep(2000);
      samples.push({
        t: (performance.now() - started) / 1000,
        rss: rssOf(app.pid),
        heapUsed: heapUsedOf(probeFile),
        store: await storeSize(dataDir, redisClient),
      });
    }
    for (const client of clients) client.close();
    user.client.close();
    const live = samples.filter((s) => Number.isFinite(s.rss));
    const maxOf = (pick) => Math.max(...live.map(pick).filter(Number.isFinite));
    const writes = latencies.length;
    const result = {
      build,
      store,
      profile,
      playlists,
      seconds,
      answerBytes,
      writes,
      writesPerSecond: writes / elapsed,
      statuses,
      latency: summarise(latencies),
      survived: !died,
      died,
      fatal: died
        ? app
            .output()
            .split('\n')
            .find((line) => /FATAL ERROR|out of memory/i.test(line))
            ?.trim()
        : undefined,
      idle,
      max: {
        rss: maxOf((s) => s.rss),
        heapUsed: maxOf((s) => s.heapUsed),
        store: maxOf((s) => s.store?.bytes ?? NaN),
        wal: maxOf((s) => s.store?.wal ?? NaN),
        redisUsed: maxOf((s) => s.store?.used ?? NaN),
        keys: maxOf((s) => s.store?.keys ?? NaN),
      },
      samples,
      replay,
    };
    log(
      `${label}: ${writes} keyed writes in ${elapsed.toFixed(1)} s (${result.writesPerSecond.toFixed(1)}/s; ${JSON.stringify(statuses)}), ` +
        `${died ? `server DIED at ${died.at.toFixed(1)} s (${died.code ?? died.signal ?? died.error})` : 'server alive'}; ` +
        `RSS ${(idle.rss / MiB).toFixed(0)} MiB idle, max ${(result.max.rss / MiB).toFixed(0)} MiB; heap used max ${(result.max.heapUsed / MiB).toFixed(0)} MiB; ` +
        `store ${(idle.store.bytes / MiB).toFixed(2)} → max ${(result.max.store / MiB).toFixed(2)} MiB` +
        (redis
          ? ` (${result.max.keys} keys; Redis used_memory ${(idle.store.used / MiB).toFixed(1)} → max ${(result.max.redisUsed / MiB).toFixed(1)} MiB)`
          : ` (WAL max ${(result.max.wal / MiB).toFixed(2)} MiB)`) +
        (replay ? `; the last key replayed: ${replay.status}, ${replay.bytes} B` : ''),
    );
    return result;
  } finally {
    await app?.stop();
    redisClient?.disconnect();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function keptAnswersBenchmark({ jwtSecret, log }) {
  const stores = (process.env.BENCH_KEPT_STORES || 'embedded,redis').split(',');
  const profiles = (process.env.BENCH_KEPT_PROFILES || 'large,small').split(',');
  for (const p of profiles) if (!PROFILES[p]) throw new Error(`BENCH_KEPT_PROFILES: unknown profile "${p}" (large, small)`);
  const builds = [['now', MAIN]];
  if (process.env.BENCH_KEPT_BEFORE_MAIN) builds.push(['before', process.env.BENCH_KEPT_BEFORE_MAIN]);
  const results = [];
  for (const [build, main] of builds)
    for (const profile of profiles)
      for (const store of stores) results.push(await measure({ build, main, store, profile, jwtSecret, log }));
  return { heapMb: HEAP_MB, loops: LOOPS, bounds: KEPT_BOUNDS, results };
}
