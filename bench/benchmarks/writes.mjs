// Writes: like/unlike cycles through the API (each answer waits until the read model shows the
// write: read-your-writes), against the raw append rate of the same SqliteEventStore adapter called
// directly in this process (same WAL + synchronous=FULL file settings, same kind of events, each
// append checking the expected revision as the command runner does). Both sequentially (1) and
// with the same concurrency (one user / stream per worker).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { closedLoop } from '../lib/http-client.mjs';
import { DIST, cpuMs, median, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));

async function apiRun(users, videos, seconds, appPid) {
  const cpuBefore = cpuMs(appPid);
  const workers = users.map((user, i) => ({ user, n: i }));
  const run = await closedLoop(workers, seconds, async (w) => {
    const video = videos[w.n++ % videos.length];
    const liked = await w.user.client.timed('POST', '/api/user/likes', { video: { _id: video } }, 201);
    const unliked = await w.user.client.timed('DELETE', `/api/user/likes/${encodeURIComponent(video)}`, undefined, 200);
    return [liked.ms, unliked.ms];
  });
  return { ...run, ...summarise(run.latencies), appCpuMsPerWrite: (cpuMs(appPid) - cpuBefore) / run.ops, latencies: undefined };
}

async function rawRun(store, streams, videos, seconds) {
  const workers = streams.map((stream) => ({ stream, revision: 'no_stream', n: 0 }));
  const append = async (w, type, videoId) => {
    const started = process.hrtime.bigint();
    const result = await store.appendToStream(w.stream, [{ type, data: { userId: w.stream, videoId } }], w.revision);
    w.revision = result.nextExpectedRevision;
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const run = await closedLoop(workers, seconds, async (w) => {
    const video = videos[w.n++ % videos.length];
    return [await append(w, 'VideoLiked', video), await append(w, 'VideoUnliked', video)];
  });
  return { ...run, ...summarise(run.latencies), latencies: undefined };
}

export async function writesBenchmark({ cfg, app, log }) {
  const videos = await videoIds(app.url);
  const users = [];
  for (let i = 0; i < cfg.writeConcurrency; i++) users.push(await signUp(app.url, `writer${i}`));
  const rawDir = mkdtempSync(join(tmpdir(), 'techtube-bench-raw-'));
  const store = SqliteEventStore.open(join(rawDir, 'events.sqlite'));
  const settings = store.settings();
  const streamsFor = (n, tag) => Array.from({ length: n }, (_, i) => `likes-raw-${tag}-${i}`);
  try {
    const warm = Math.min(1, cfg.seconds);
    await apiRun(users.slice(0, 1), videos, warm, app.pid);
    await rawRun(store, streamsFor(1, 'warm'), videos, warm);
    // The disk is shared with whatever else runs: raw and API phases alternate, medians are kept.
    const phase = cfg.seconds / 2;
    const out = {};
    for (const c of [1, cfg.writeConcurrency]) {
      const rounds = { raw: [], api: [] };
      for (let round = 1; round <= cfg.writeRounds; round++) {
        const raw = await rawRun(store, streamsFor(c, `c${c}r${round}`), videos, phase);
        const api = await apiRun(users.slice(0, c), videos, phase, app.pid);
        rounds.raw.push(raw);
        rounds.api.push(api);
        log(
          `writes: concurrency ${c}, round ${round}: raw ${Math.round(raw.perSecond)}/s p99 ${raw.p99.toFixed(2)} ms; API ${Math.round(api.perSecond)}/s p50 ${api.p50.toFixed(2)} ms p99 ${api.p99.toFixed(2)} ms, app CPU ${api.appCpuMsPerWrite.toFixed(2)} ms/write`,
        );
      }
      for (const kind of ['raw', 'api']) {
        const list = rounds[kind];
        out[`${kind}${c}`] = {
          perSecond: median(list.map((r) => r.perSecond)),
          p50: median(list.map((r) => r.p50)),
          p99: median(list.map((r) => r.p99)),
          max: Math.max(...list.map((r) => r.max)),
          ops: list.reduce((n, r) => n + r.ops, 0),
          appCpuMsPerWrite: kind === 'api' ? median(list.map((r) => r.appCpuMsPerWrite)) : undefined,
          rounds: list.map((r) => Math.round(r.perSecond)),
        };
      }
    }
    return { ...out, settings, concurrency: cfg.writeConcurrency };
  } finally {
    for (const user of users) user.client.close();
    await store.close();
    rmSync(rawDir, { recursive: true, force: true });
  }
}
