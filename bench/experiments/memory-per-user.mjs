// Redis memory per user with a typical library (docs/capacity.md): USERS users, each with 40 likes, 15
// videos to watch later, 300 history entries, 5 playlists of 12 videos, and the activity line of every
// one of those events, applied through the real RedisReadModel (one server, one partition, and sharded
// with 4 partitions) into a private redis-server; used_memory before and after, divided by USERS.
//
//   node bench/experiments/memory-per-user.mjs [users=2000]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startRedis } from '../lib/processes.mjs';
import { DIST, ROOT } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const Redis = require(require.resolve('ioredis', { paths: [join(ROOT, 'backend')] }));
const { RedisReadModel } = require(join(DIST, 'read-model/redis/redis-read-model.js'));
const { VIDEOS } = require(join(DIST, 'catalogue/catalogue.data.js'));

const USERS = Number(process.argv[2] ?? 2000);
const ids = VIDEOS.map((v) => v._id);

function libraryOf(userId, start) {
  const events = [];
  let position = start;
  const at = () => new Date(Date.UTC(2026, 0, 1) + Number(position) * 1000).toISOString();
  const push = (changes, type, extra = {}) => {
    position++;
    events.push({
      position,
      changes: [...changes(position), { op: 'recordActivity', userId, entry: { position, type, at: at(), ...extra } }],
    });
  };
  push(
    () => [
      {
        op: 'putUser',
        user: { _id: userId, email: `${userId}@example.com`, firstName: 'Ada', lastName: 'Lovelace', createdAt: at(), updatedAt: at() },
      },
    ],
    'UserSignedUp',
  );
  // Catalogue ids repeat in a list only once: the list holds the latest position (as the projection does).
  for (let i = 0; i < 40; i++)
    push((p) => [{ op: 'addToList', userId, list: 'likes', videoId: ids[i % ids.length], position: p }], 'VideoLiked', {
      videoId: ids[i % ids.length],
    });
  for (let i = 0; i < 15; i++)
    push((p) => [{ op: 'addToList', userId, list: 'watchlater', videoId: ids[i % ids.length], position: p }], 'VideoAddedToWatchLater', {
      videoId: ids[i % ids.length],
    });
  for (let i = 0; i < 300; i++)
    push((p) => [{ op: 'addToList', userId, list: 'history', videoId: ids[i % ids.length], position: p }], 'VideoWatched', {
      videoId: ids[i % ids.length],
    });
  for (let k = 0; k < 5; k++) {
    const playlistId = `${userId}-pl-${k}`;
    push(
      (p) => [
        { op: 'putPlaylist', userId, playlist: { _id: playlistId, title: `Playlist ${k}`, description: 'Things to watch' }, position: p },
      ],
      'PlaylistCreated',
      { playlistId, playlistTitle: `Playlist ${k}` },
    );
    for (let i = 0; i < 12; i++)
      push((p) => [{ op: 'addToPlaylist', userId, playlistId, videoId: ids[i % ids.length], position: p }], 'VideoAddedToPlaylist', {
        playlistId,
        videoId: ids[i % ids.length],
      });
  }
  return events;
}

async function measure(redisUrl, partitions) {
  const admin = new Redis(redisUrl);
  await admin.flushall();
  const before = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))[1]);
  const model = RedisReadModel.connect(redisUrl, { prefix: `mem${partitions}`, partitions });
  let position = 0n;
  let events = 0;
  for (let u = 0; u < USERS; u++) {
    const batch = libraryOf(`user-${u.toString().padStart(6, '0')}-${'x'.repeat(24)}`, position);
    position = batch.at(-1).position;
    events += batch.length;
    await model.applyEvents(batch, position);
  }
  const after = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))[1]);
  await model.close();
  admin.disconnect();
  return { partitions, events, perUser: (after - before) / USERS, perEvent: (after - before) / events };
}

const redis = await startRedis();
try {
  for (const partitions of [1, 4]) {
    const r = await measure(redis.url, partitions);
    console.log(
      `P=${r.partitions}: ${USERS} users, ${r.events} events: ${Math.round(r.perUser)} B per user, ${Math.round(r.perEvent)} B per event`,
    );
  }
} finally {
  await redis.stop();
}
