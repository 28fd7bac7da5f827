// Growth: write latency for a user whose history stream holds 10 events against one whose holds
// 100 000 (VideoWatched / VideoRemovedFromHistory alternating, written with the SqliteEventStore
// adapter before the server starts). After start, the first write of each user is timed on its own
// (no snapshot exists yet: the command runner folds the whole stream, then saves one), then
// POST + DELETE /api/user/history pairs, sequential, alternating between the two users. Last, the
// server is restarted on the same store and Redis prefix and the first write of each user timed
// again: the runner now starts from the stream's latest snapshot.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../lib/http-client.mjs';
import { startApp, waitCaughtUp } from '../lib/processes.mjs';
import { DIST, signToken, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));
const { userIdForEmail } = require(join(DIST, 'shared/user-id.js'));
const { VIDEOS } = require(join(DIST, 'catalogue/catalogue.data.js'));

const VIDEO_IDS = VIDEOS.map((v) => v._id);
const CHUNK = 10_000;

async function writeUser(store, email, historyEvents) {
  const userId = userIdForEmail(email);
  await store.appendToStream(
    `user-${userId}`,
    [
      {
        type: 'UserSignedUp',
        data: { userId, email, passwordHash: 'scrypt$bench', firstName: 'Growth', lastName: 'Bench', createdAt: new Date().toISOString() },
      },
    ],
    'no_stream',
  );
  let expected = 'no_stream';
  for (let start = 0; start < historyEvents; start += CHUNK) {
    const events = [];
    for (let i = start; i < Math.min(historyEvents, start + CHUNK); i++) {
      const videoId = VIDEO_IDS[(i >> 1) % VIDEO_IDS.length];
      events.push({ type: i % 2 === 0 ? 'VideoWatched' : 'VideoRemovedFromHistory', data: { userId, videoId } });
    }
    expected = (await store.appendToStream(`history-${userId}`, events, expected)).nextExpectedRevision;
  }
  return { userId, email };
}

export async function growthBenchmark({ cfg, redis, jwtSecret, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-bench-growth-'));
  const store = SqliteEventStore.open(join(dataDir, 'events.sqlite'));
  const shortUser = await writeUser(store, 'short-history@bench.example', cfg.growthShortEvents);
  const longUser = await writeUser(store, 'long-history@bench.example', cfg.growthEvents);
  const warmUser = await writeUser(store, 'warm-up@bench.example', cfg.growthShortEvents);
  await store.close();
  log(`growth: wrote history streams of ${cfg.growthShortEvents} and ${cfg.growthEvents} events`);

  const prefix = `bench-growth-${Date.now().toString(36)}`;
  const app = await startApp({ dataDir, redisUrl: redis.url, prefix, jwtSecret });
  let restarted;
  try {
    await waitCaughtUp(app.url);
    const clients = {
      short: new Client(app.url, signToken(jwtSecret, { _id: shortUser.userId, email: shortUser.email })),
      long: new Client(app.url, signToken(jwtSecret, { _id: longUser.userId, email: longUser.email })),
    };
    const pair = async (client, video) => [
      (await client.timed('POST', '/api/user/history', { video: { _id: video } }, 201)).ms,
      (await client.timed('DELETE', `/api/user/history/${encodeURIComponent(video)}`, undefined, 200)).ms,
    ];
    // A third user's writes first, so that the timed first writes do not also pay for the server's
    // own first request (code loading, JIT, connections).
    const warmUp = async (url) => {
      const client = new Client(url, signToken(jwtSecret, { _id: warmUser.userId, email: warmUser.email }));
      for (let i = 0; i < 5; i++) await pair(client, VIDEO_IDS[i]);
      client.close();
    };
    await warmUp(app.url);
    // First writes after start: the runner's cache is empty and folds each whole stream once.
    const firstLong = await pair(clients.long, VIDEO_IDS[0]);
    const firstShort = await pair(clients.short, VIDEO_IDS[0]);
    log(
      `growth: first write after start: ${cfg.growthEvents}-event stream ${firstLong[0].toFixed(1)} ms, ${cfg.growthShortEvents}-event stream ${firstShort[0].toFixed(1)} ms`,
    );
    const latencies = { short: [], long: [] };
    for (let i = 0; i < cfg.growthRequests; i++) {
      const video = VIDEO_IDS[(i + 1) % VIDEO_IDS.length];
      latencies.short.push(...(await pair(clients.short, video)));
      latencies.long.push(...(await pair(clients.long, video)));
    }
    clients.short.close();
    clients.long.close();
    await app.stop();

    restarted = await startApp({ dataDir, redisUrl: redis.url, prefix, jwtSecret });
    await waitCaughtUp(restarted.url);
    await warmUp(restarted.url);
    const again = {
      long: new Client(restarted.url, clients.long.token),
      short: new Client(restarted.url, clients.short.token),
    };
    const restartLong = await pair(again.long, VIDEO_IDS[0]);
    const restartShort = await pair(again.short, VIDEO_IDS[0]);
    log(`growth: first write after a restart (from the snapshot): ${restartLong[0].toFixed(1)} ms and ${restartShort[0].toFixed(1)} ms`);
    again.long.close();
    again.short.close();
    return { short: summarise(latencies.short), long: summarise(latencies.long), firstLong, firstShort, restartLong, restartShort };
  } finally {
    await app.stop();
    await restarted?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
