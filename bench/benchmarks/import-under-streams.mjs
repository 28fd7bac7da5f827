// A routine import on an instance with visitors (docs/design/live-updates.md, "Bounds"), the real server as in
// production (Redis read model, NODE_ENV=production) on a bounded heap (BENCH_IMPORT_HEAP_MB, 768):
//   for each of BENCH_IMPORT_SCENARIOS (none, reading, stalled), a fresh instance; with the scenario's streams open
//   (none; BENCH_IMPORT_CATALOGUE_STREAMS = 1 000 catalogue streams, 20 from each of 50 loopback addresses, and
//   BENCH_IMPORT_USER_STREAMS = 200 user streams, 10 for each of 20 users, whose clients read everything, or never
//   read), an operator imports BENCH_IMPORT_VIDEOS (10 000, the route's bound) in one request while another
//   user reads their likes every BENCH_IMPORT_READ_EVERY_MS (10 ms), one request at a time.
// Per scenario: the import's time, that user's read p50/p99/max during it, the server's heap before (settled) and
// its highest reading during the import and the 3 s after (bench/lib/memory-probe.cjs every 100 ms), whether the
// instance lived, and what the stream clients saw (messages, resets, ends). The streams are read in a process of
// their own (bench/lib/stream-clients.cjs), so that parsing them never delays the timed reads.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { signUp, signUpOperator, videoIds } from '../lib/api.mjs';
import { loopDelay, settledMemory, startApp, waitCaughtUp } from '../lib/processes.mjs';
import { BENCH_DIR, envNumber, sleep, summarise } from '../lib/util.mjs';
import { syntheticCatalogue } from './catalogue-scale.mjs';

const SCENARIOS = (process.env.BENCH_IMPORT_SCENARIOS || 'none,reading,stalled').split(',');

/** The stream clients' process: resolves with it once every stream is open (or refused). */
async function openStreams(port, spec) {
  const child = spawn(process.execPath, [join(BENCH_DIR, 'lib', 'stream-clients.cjs'), JSON.stringify({ port, ...spec })], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const next = () => new Promise((resolve) => lines.once('line', (line) => resolve(JSON.parse(line))));
  const opened = await next();
  return {
    opened,
    async close() {
      const counts = next();
      child.kill('SIGTERM');
      return counts;
    },
  };
}

const readProbe = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

async function scenario(name, cfg, { redis, jwtSecret, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), `techtube-bench-import-${name}-`));
  const probeFile = join(dataDir, 'memory-probe.json');
  const loopFile = join(dataDir, 'loop-delay.json');
  const app = await startApp({
    dataDir,
    redisUrl: redis.url,
    prefix: `bench-import-${name}-${Date.now().toString(36)}`,
    jwtSecret,
    env: { BENCH_MEMORY_FILE: probeFile, BENCH_MEMORY_PROBE_MS: '100', BENCH_LOOP_DELAY_FILE: loopFile, LOG_LEVEL: 'warn' },
    nodeArgs: [
      `--max-old-space-size=${cfg.heapMb}`,
      ...['memory-probe.cjs', 'loop-delay-probe.cjs'].flatMap((probe) => ['--require', join(BENCH_DIR, 'lib', probe)]),
    ],
  });
  let streams;
  const users = [];
  try {
    await waitCaughtUp(app.url);
    const operator = await signUpOperator(app.url, { dataDir, redisUrl: redis.url, jwtSecret });
    const reader = await signUp(app.url, 'reader');
    users.push(operator, reader);
    const ids = await videoIds(app.url);
    for (const id of ids.slice(0, 5)) await reader.client.timed('POST', '/api/user/likes', { video: { _id: id } }, 201);
    const { categories } = await (await fetch(`${app.url}/api/categories`)).json();
    const { videos } = syntheticCatalogue(
      cfg.videos,
      categories.map((c) => c.slug),
    );
    const body = JSON.stringify({ videos });

    let beforeStreams;
    if (name !== 'none') {
      beforeStreams = await settledMemory(app, probeFile, cfg.settleSeconds);
      const streamUsers = [];
      for (let u = 0; u < cfg.userStreams / 10; u++) streamUsers.push(await signUp(app.url, `stream${u}`));
      users.push(...streamUsers);
      streams = await openStreams(app.port, {
        catalogue: { addresses: cfg.catalogueStreams / 20, perAddress: 20 },
        user: { tokens: streamUsers.map((u) => u.token), perToken: 10 },
        read: name === 'reading',
      });
      log(
        `import/${name}: ${streams.opened.open} streams open${Object.keys(streams.opened.refused).length ? `, refused ${JSON.stringify(streams.opened.refused)}` : ''}`,
      );
    }
    // Warm the read path, then the settled heap before the import.
    for (let i = 0; i < 50; i++) await reader.client.timed('GET', '/api/user/likes', undefined, 200);
    const before = await settledMemory(app, probeFile, cfg.settleSeconds);

    const reads = [];
    let importing = true;
    const readLoop = (async () => {
      while (importing) {
        const { ms } = await reader.client.timed('GET', '/api/user/likes', undefined, 200).catch(() => ({ ms: Number.POSITIVE_INFINITY }));
        reads.push(ms);
        await sleep(cfg.readEveryMs);
      }
    })();
    let heapMax = before.heapUsed;
    let rssMax = before.rss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const probe = readProbe(probeFile);
        if (probe) {
          heapMax = Math.max(heapMax, probe.heapUsed);
          rssMax = Math.max(rssMax, probe.rss);
        }
        await sleep(50);
      }
    })();
    await loopDelay(app, loopFile);
    const started = performance.now();
    const res = await importRequest(app.url, operator.token, body).catch((error) => ({ status: 0, text: String(error) }));
    const importMs = performance.now() - started;
    importing = false;
    const running = () => app.child.exitCode === null && app.child.signalCode === null;
    // An instance that lives but does not answer its probe (collecting garbage without end) counts as dead.
    const loop = running() ? await loopDelay(app, loopFile).catch(() => undefined) : undefined;
    await readLoop;
    await sleep(cfg.afterMs);
    sampling = false;
    await sampler;
    const alive = running() && loop !== undefined && res.status === 200;
    const added = res.status === 200 ? JSON.parse(res.text).added.length : 0;
    const opened = streams?.opened.open ?? 0;
    const seen = streams ? await streams.close() : undefined;
    streams = undefined;
    const read = summarise(reads);
    const result = {
      name,
      status: res.status,
      added,
      importMs,
      read: { ...read, max: Math.max(...reads), count: reads.length },
      opened,
      // Settled memory per open stream, before the import (RSS and heap).
      perStream: beforeStreams && {
        rss: (before.rss - beforeStreams.rss) / cfg.streamsOpened,
        heapUsed: (before.heapUsed - beforeStreams.heapUsed) / cfg.streamsOpened,
      },
      heapBefore: before.heapUsed,
      heapMax,
      heapGrowth: heapMax - before.heapUsed,
      rssBefore: before.rss,
      rssMax,
      alive,
      loop,
      streams: seen,
    };
    log(
      `import/${name}: ${res.status}, ${added} added in ${importMs.toFixed(0)} ms; reads p50 ${read.p50.toFixed(1)} ms, p99 ${read.p99.toFixed(1)} ms, max ${result.read.max.toFixed(1)} ms (${reads.length}); ` +
        `heap ${(before.heapUsed / 2 ** 20).toFixed(0)} MiB, +${(result.heapGrowth / 2 ** 20).toFixed(0)} MiB at most; ` +
        (loop ? `event loop held ${loop.cpuMax.toFixed(0)} ms at most (CPU), ${loop.max.toFixed(0)} ms (wall); ` : '') +
        `${alive ? 'alive' : 'DEAD'}` +
        (seen ? `; streams saw ${seen.changes} changes, ${seen.resets} resets, ${seen.ended} ends` : ''),
    );
    return result;
  } finally {
    if (streams) await streams.close();
    for (const user of users) user.client.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The import, raw: its body is already JSON. */
function importRequest(url, token, body) {
  return fetch(`${url}/api/admin/videos/import`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body,
  }).then(async (res) => ({ status: res.status, text: await res.text() }));
}

export async function importUnderStreamsBenchmark({ redis, jwtSecret, log }) {
  const cfg = {
    videos: envNumber('BENCH_IMPORT_VIDEOS', 10_000),
    catalogueStreams: envNumber('BENCH_IMPORT_CATALOGUE_STREAMS', 1000),
    userStreams: envNumber('BENCH_IMPORT_USER_STREAMS', 200),
    heapMb: envNumber('BENCH_IMPORT_HEAP_MB', 768),
    readEveryMs: envNumber('BENCH_IMPORT_READ_EVERY_MS', 10),
    settleSeconds: envNumber('BENCH_IMPORT_SETTLE_SECONDS', 3),
    afterMs: envNumber('BENCH_IMPORT_AFTER_MS', 3000),
  };
  cfg.streamsOpened = cfg.catalogueStreams + cfg.userStreams;
  const results = [];
  for (const name of SCENARIOS) results.push(await scenario(name, cfg, { redis, jwtSecret, log }));
  return { cfg, results };
}
