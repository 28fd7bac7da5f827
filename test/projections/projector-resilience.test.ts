import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddToWatchLater } from '../../backend/src/commands/watch-later/add-to-watch-later.handler';
import { LikeVideo } from '../../backend/src/commands/likes/like-video.handler';
import { RedisReadModel } from '../../backend/src/read-model/redis-read-model';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { startPersistentRedis } from '../support/redis-server';

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('Redis killed and restarted: the projector resumes from its checkpoint and ends equal to a full rebuild', async () => {
  const redisDir = mkdtempSync(join(tmpdir(), 'techtube-redis-'));
  let redis = await startPersistentRedis(redisDir);
  const prefix = redis.prefix;
  const server = await startApp({ redisUrl: redis.url, redisPrefix: prefix, env: { READ_YOUR_WRITES_TIMEOUT_MS: '1000' } });
  try {
    const api = new ApiClient(server.url);
    const { client, userId } = await api.signUpUser('Outage');
    const videos: string[] = (await api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    for (const id of videos.slice(0, 3)) expect((await client.post('/user/likes', { video: { _id: id } })).status).toBe(201);
    const checkpointBefore = (await client.get('/health')).body.readModel.position;

    await redis.stop();
    // Reads now answer 503, not 500; the health check says which dependency is down.
    expect(await client.get('/user/likes')).toMatchObject({ status: 503, body: { errors: [expect.stringMatching(/cannot be read right now/)] } });
    const health = await client.get('/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ eventStore: { status: 'up' }, readModel: { status: 'down' } });
    // Commands keep landing in the event store meanwhile (as another instance's would).
    const commands = server.app.get(CommandBus);
    for (const id of videos.slice(3, 8)) await commands.execute(new LikeVideo(userId, id));
    await commands.execute(new AddToWatchLater(userId, videos[9]!));

    redis = await startPersistentRedis(redisDir, redis.port);
    const likes = await eventually(
      () => client.get('/user/likes'),
      (res) => res.status === 200 && res.body.likes.length === 8,
      20_000,
    );
    expect(likes.body.likes.map((v: { _id: string }) => v._id)).toEqual(videos.slice(0, 8));
    // It resumed from the checkpoint Redis kept, rather than rebuilding from nothing.
    expect(BigInt((await client.get('/health')).body.readModel.position)).toBeGreaterThan(BigInt(checkpointBefore));

    const { model: rebuilt, userIds } = await rebuildInMemory(server.store);
    const live = RedisReadModel.connect(redis.url, { prefix });
    try {
      const expected = await snapshot(rebuilt, userIds);
      expect(await eventually(() => snapshot(live, userIds), (s) => s.checkpoint === expected.checkpoint, 10_000)).toEqual(expected);
      expect(expected.checkpoint).toBe((await server.store.headPosition())!.toString());
    } finally {
      await live.close();
    }
  } finally {
    await server.close();
    await redis.stop();
    rmSync(redisDir, { recursive: true, force: true });
  }
});
