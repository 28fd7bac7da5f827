// The least a sequential API write can take, measured from its parts on this machine: a write that answers with
// the read model's list (read-your-writes) is at least an API read (HTTP, the token, one Redis round trip for the
// list), plus the append (the raw append of `npm run bench`), plus one more Redis round trip (the projection's
// script). One client, back to back; the four phases alternate for a few rounds, and the means of each are printed
// with the ratio a write could reach against the raw append if it cost no more than that sum.
//   node bench/experiments/write-floor.mjs [seconds per phase=3] [rounds=3]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { closedLoop } from '../lib/http-client.mjs';
import { startApp, startRedis, waitCaughtUp } from '../lib/processes.mjs';
import { DIST, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));
const Redis = require('ioredis');

const [seconds = 3, rounds = 3] = process.argv.slice(2).map(Number);

/** Calls `step` back to back for `seconds` (one worker of closedLoop); each call's time in ms. */
async function timedLoop(step) {
  const timed = async () => {
    const started = performance.now();
    await step();
    return [performance.now() - started];
  };
  return (await closedLoop([undefined], seconds, timed)).latencies;
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

const redis = await startRedis();
const dataDir = mkdtempSync(join(os.tmpdir(), 'techtube-write-floor-'));
const rawDir = mkdtempSync(join(os.tmpdir(), 'techtube-write-floor-raw-'));
const app = await startApp({
  dataDir,
  redisUrl: redis.url,
  prefix: `floor-${Date.now().toString(36)}`,
  jwtSecret: randomBytes(48).toString('base64url'),
});
const store = SqliteEventStore.open(join(rawDir, 'events.sqlite'));
const client = new Redis(redis.url);
try {
  await waitCaughtUp(app.url);
  const videos = await videoIds(app.url);
  const { client: http } = await signUp(app.url, 'floor');
  let n = 0;
  let revision = -1;
  const phases = {
    'raw append (SqliteEventStore, in process)': async () => {
      const type = revision % 2 === 0 ? 'VideoLiked' : 'VideoUnliked';
      revision = (
        await store.appendToStream('likes-floor', [{ type, data: { videoId: videos[0] } }], revision < 0 ? 'no_stream' : revision)
      ).nextExpectedRevision;
    },
    'Redis round trip (PING)': () => client.ping(),
    'API read (GET /api/user/likes)': () => http.timed('GET', '/api/user/likes', undefined, 200),
    'API write (POST or DELETE /api/user/likes)': async () => {
      const video = videos[Math.floor(n / 2) % videos.length];
      if (n++ % 2 === 0) await http.timed('POST', '/api/user/likes', { video: { _id: video } }, 201);
      else await http.timed('DELETE', `/api/user/likes/${encodeURIComponent(video)}`, undefined, 200);
    },
  };
  const times = Object.fromEntries(Object.keys(phases).map((name) => [name, []]));
  for (const step of Object.values(phases)) await timedLoop(step); // warm-up, a phase each
  for (let round = 0; round < rounds; round++) {
    for (const [name, step] of Object.entries(phases)) times[name].push(...(await timedLoop(step)));
  }
  const row = {};
  console.log(
    `${rounds} round(s) of ${seconds} s per phase, one client; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [name, values] of Object.entries(times)) {
    const { p50, p99 } = summarise(values);
    row[name] = mean(values);
    console.log(
      `${name.padEnd(44)} mean ${row[name].toFixed(3)} ms, p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms, ${values.length}×`,
    );
  }
  const [raw, ping, read, write] = Object.values(row);
  const floor = read + raw + ping;
  console.log(`\nfloor of a write = API read + raw append + one Redis round trip = ${floor.toFixed(3)} ms`);
  console.log(
    `a write at that floor: ${(raw / floor).toFixed(2)} of the raw append rate (the target asks 0.4); measured: ${(raw / write).toFixed(2)}`,
  );
  http.close();
} finally {
  client.disconnect();
  await store.close();
  await app.stop();
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rawDir, { recursive: true, force: true });
}
