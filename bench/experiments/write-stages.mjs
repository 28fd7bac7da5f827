// Where a sequential like's time goes: the built server (as the bench starts it, with METRICS_PORT on) takes
// like/unlike pairs from one client, back to back, for a few seconds; the means per write are read from the
// server's own histograms (sum/count before and after): the HTTP request, the command (read, fold, decide,
// append), the append alone, the read-your-writes wait, and Redis commands. BENCH_CPU_PROF=<dir> profiles
// the server meanwhile (bench/experiments/profile-summary.mjs reads it).
//   node bench/experiments/write-stages.mjs [seconds=8] [concurrency=1]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { closedLoop } from '../lib/http-client.mjs';
import { startApp, startRedis, waitCaughtUp } from '../lib/processes.mjs';
import { cpuMs, freePort, summarise } from '../lib/util.mjs';

const [seconds = 8, concurrency = 1] = process.argv.slice(2).map(Number);

/** sum and count of every histogram series named `name`, per label set. */
function histograms(text, name) {
  const out = new Map();
  for (const line of text.split('\n')) {
    const m = new RegExp(`^${name}_(sum|count)(\\{[^}]*\\})? ([0-9.e+-]+)$`).exec(line);
    if (!m) continue;
    const key = m[2] ?? '';
    const entry = out.get(key) ?? { sum: 0, count: 0 };
    entry[m[1]] = Number(m[3]);
    out.set(key, entry);
  }
  return out;
}

const NAMES = [
  'http_request_duration_seconds',
  'techtube_command_duration_seconds',
  'techtube_event_store_duration_seconds',
  'techtube_read_your_writes_wait_seconds',
  'techtube_redis_command_duration_seconds',
];

const redis = await startRedis();
const dataDir = mkdtempSync(join(os.tmpdir(), 'techtube-write-stages-'));
const metricsPort = await freePort();
const app = await startApp({
  dataDir,
  redisUrl: redis.url,
  prefix: `stages-${Date.now().toString(36)}`,
  jwtSecret: randomBytes(48).toString('base64url'),
  env: { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' },
});
const scrape = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((res) => res.text());
try {
  await waitCaughtUp(app.url);
  const videos = await videoIds(app.url);
  const users = [];
  for (let i = 0; i < concurrency; i++) users.push({ user: await signUp(app.url, `stages${i}`), n: i });
  const step = async (w) => {
    const video = videos[w.n++ % videos.length];
    const liked = await w.user.client.timed('POST', '/api/user/likes', { video: { _id: video } }, 201);
    const unliked = await w.user.client.timed('DELETE', `/api/user/likes/${encodeURIComponent(video)}`, undefined, 200);
    return [liked.ms, unliked.ms];
  };
  await closedLoop(users, 1, step); // warm-up
  const before = await scrape();
  const cpuBefore = cpuMs(app.pid);
  const run = await closedLoop(users, seconds, step);
  const cpu = (cpuMs(app.pid) - cpuBefore) / run.ops;
  const after = await scrape();
  const { p50, p99 } = summarise(run.latencies);
  console.log(
    `${concurrency} client(s), ${seconds} s: ${Math.round(run.perSecond)} writes/s, p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, server CPU ${cpu.toFixed(3)} ms/write; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('\nmean per write (ms), per series: sum and count differences over the run');
  for (const name of NAMES) {
    const a = histograms(before, name);
    for (const [labels, b] of histograms(after, name)) {
      const count = b.count - (a.get(labels)?.count ?? 0);
      if (count === 0) continue;
      const sum = b.sum - (a.get(labels)?.sum ?? 0);
      console.log(
        `${((1000 * sum) / count).toFixed(3).padStart(8)} ms mean, ${((1000 * sum) / run.ops).toFixed(3).padStart(8)} ms per write, ${String(count).padStart(6)}×  ${name}${labels}`,
      );
    }
  }
  for (const { user } of users) user.client.close();
} finally {
  await app.stop();
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
