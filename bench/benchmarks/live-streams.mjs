// Live changes streams (docs/design/live-updates.md) on one instance, the real server as in production
// (Redis read model, NODE_ENV=production):
//   1. BENCH_LIVE_STREAMS (10 000) idle streams opened by BENCH_LIVE_USERS (100) users, each user's bound
//      lifted to hold their share (LIVE_STREAMS_PER_USER): the server's RSS and heap used (bench/lib/memory-probe.cjs)
//      settled before and after, and per stream.
//   2. With them open, BENCH_LIVE_WRITES_PER_SECOND (50) likes and unlikes a second for BENCH_LIVE_SECONDS (20 s),
//      the users in turn: each change's delivery latency on every stream of its user (from the write sent to
//      the message read here), p50 and p99 over all deliveries.
// The streams are read in this process, which also parses every message: its own event loop is part of what
// the latency includes (a browser reads one stream, not 10 000).
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { settledMemory, startApp, waitCaughtUp } from '../lib/processes.mjs';
import { BENCH_DIR, envNumber, sleep, summarise } from '../lib/util.mjs';

/** One stream, read raw: each `event: change` block calls `onChange`. */
function openStream(port, token, onChange) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/user/changes', headers: { authorization: token }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /api/user/changes answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        let at = chunk.indexOf('event: change');
        while (at >= 0) {
          onChange();
          at = chunk.indexOf('event: change', at + 1);
        }
      });
      res.on('error', () => undefined);
      resolve(req);
    });
    req.on('error', reject);
  });
}

export async function liveStreamsBenchmark({ redis, jwtSecret, log }) {
  const cfg = {
    streams: envNumber('BENCH_LIVE_STREAMS', 10_000),
    users: envNumber('BENCH_LIVE_USERS', 100),
    writesPerSecond: envNumber('BENCH_LIVE_WRITES_PER_SECOND', 50),
    seconds: envNumber('BENCH_LIVE_SECONDS', 20),
    settleSeconds: envNumber('BENCH_LIVE_SETTLE_SECONDS', 5),
  };
  const perUser = Math.ceil(cfg.streams / cfg.users);
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-bench-live-'));
  const probeFile = join(dataDir, 'memory-probe.json');
  const app = await startApp({
    dataDir,
    redisUrl: redis.url,
    prefix: `bench-live-${Date.now().toString(36)}`,
    jwtSecret,
    env: {
      BENCH_MEMORY_FILE: probeFile,
      BENCH_MEMORY_PROBE_MS: '500',
      LIVE_STREAMS_PER_USER: String(perUser),
      LIVE_STREAMS_MAX: String(cfg.streams + 100),
    },
    nodeArgs: ['--require', join(BENCH_DIR, 'lib', 'memory-probe.cjs')],
  });
  const requests = [];
  const users = [];
  try {
    await waitCaughtUp(app.url);
    const ids = await videoIds(app.url);
    for (let u = 0; u < cfg.users; u++) users.push(await signUp(app.url, `live${u}`));
    // Warm-up: a few writes and a stream, not counted.
    for (const user of users.slice(0, 5)) await user.client.timed('POST', '/api/user/likes', { video: { _id: ids[0] } }, 201);
    const before = await settledMemory(app, probeFile, cfg.settleSeconds);
    log(
      `live: ${cfg.users} users; before the streams RSS ${(before.rss / 2 ** 20).toFixed(1)} MiB, heap ${(before.heapUsed / 2 ** 20).toFixed(1)} MiB`,
    );

    const sentAt = new Array(cfg.users).fill(undefined);
    const latencies = [];
    const opened = performance.now();
    for (let first = 0; first < cfg.streams; first += 200) {
      const batch = [];
      for (let s = first; s < Math.min(cfg.streams, first + 200); s++) {
        const u = s % cfg.users;
        batch.push(
          openStream(app.port, users[u].token, () => {
            if (sentAt[u] !== undefined) latencies.push(performance.now() - sentAt[u]);
          }),
        );
      }
      requests.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - opened) / 1000;
    const after = await settledMemory(app, probeFile, cfg.settleSeconds);
    const perStream = { rss: (after.rss - before.rss) / cfg.streams, heapUsed: (after.heapUsed - before.heapUsed) / cfg.streams };
    log(
      `live: ${cfg.streams} streams open in ${openSeconds.toFixed(1)} s; RSS ${(after.rss / 2 ** 20).toFixed(1)} MiB, heap ${(after.heapUsed / 2 ** 20).toFixed(1)} MiB; ` +
        `per stream ${(perStream.rss / 1024).toFixed(1)} KiB RSS, ${(perStream.heapUsed / 1024).toFixed(1)} KiB heap`,
    );

    // Writes at a fixed rate, the users in turn; a user whose last write has not answered yet is skipped.
    const busy = new Array(cfg.users).fill(false);
    const liked = new Array(cfg.users).fill(false);
    let writes = 0;
    let skipped = 0;
    const writeLatencies = [];
    const pending = [];
    const interval = 1000 / cfg.writesPerSecond;
    const start = performance.now();
    for (let n = 0; performance.now() - start < cfg.seconds * 1000; n++) {
      const wait = start + n * interval - performance.now();
      if (wait > 0) await sleep(wait);
      const u = n % cfg.users;
      if (busy[u]) {
        skipped++;
        continue;
      }
      busy[u] = true;
      sentAt[u] = performance.now();
      const video = ids[1];
      const write = liked[u]
        ? users[u].client.timed('DELETE', `/api/user/likes/${video}`, undefined, 200)
        : users[u].client.timed('POST', '/api/user/likes', { video: { _id: video } }, 201);
      liked[u] = !liked[u];
      writes++;
      pending.push(
        write.then((answer) => {
          writeLatencies.push(answer.ms);
          busy[u] = false;
        }),
      );
    }
    await Promise.all(pending);
    await sleep(1000);
    const delivery = summarise(latencies);
    const expected = writes * perUser;
    const load = readFileSync('/proc/loadavg', 'utf8').trim();
    log(
      `live: ${writes} writes in ${cfg.seconds} s (${skipped} skipped), ${latencies.length} of ${expected} deliveries; ` +
        `delivery p50 ${delivery.p50.toFixed(1)} ms, p99 ${delivery.p99.toFixed(1)} ms; /proc/loadavg ${load}`,
    );
    return {
      cfg,
      perUser,
      before,
      after,
      perStream,
      openSeconds,
      writes,
      skipped,
      deliveries: latencies.length,
      expected,
      delivery,
      write: summarise(writeLatencies),
      load,
    };
  } finally {
    for (const req of requests) req.destroy();
    for (const user of users) user.client.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
