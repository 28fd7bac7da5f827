import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListCommand } from '../../backend/src/commands/list-command';
import { likesList, watchLaterList } from '../../backend/src/domain/video-set/video-set.list';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { openAppStore } from '../support/app-store';
import { startPersistentRedis, startRedis } from '../support/redis-server';
import { ensureBuilt, startServerProcess } from '../support/server-process';

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
    expect(await client.get('/user/likes')).toMatchObject({
      status: 503,
      body: { errors: [expect.stringMatching(/cannot be read right now/)] },
    });
    const health = await client.get('/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ eventStore: { status: 'up' }, readModel: { status: 'down' } });
    // Commands keep landing in the event store meanwhile (as another instance's would).
    const commands = server.app.get(CommandBus);
    for (const id of videos.slice(3, 8)) await commands.execute(new ListCommand(likesList, { type: 'AddVideo', userId, videoId: id }));
    await commands.execute(new ListCommand(watchLaterList, { type: 'AddVideo', userId, videoId: videos[9]! }));

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
      expect(
        await eventually(
          () => snapshot(live, userIds),
          (s) => s.checkpoint === expected.checkpoint,
          10_000,
        ),
      ).toEqual(expected);
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

test('two instances share one store and one Redis: one projects, and the other takes over when it is killed', async () => {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-two-'));
  const redis = await startRedis({ spawn: true });
  const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, PROJECTOR_LEASE_TTL_MS: '1000' };
  const a = await startServerProcess(env);
  const b = await startServerProcess(env);
  const servers = [a, b];
  try {
    const roles = async () => Promise.all(servers.map(async (s) => (await new ApiClient(s.url).get('/health')).body.projector.role));
    const settled = await eventually(roles, (r) => r.filter((x) => x === 'active').length === 1 && r.includes('standby'), 5_000);
    expect([...settled].sort()).toEqual(['active', 'standby']);
    const active = servers[settled.indexOf('active')]!;
    const standby = servers[settled.indexOf('standby')]!;

    // Writes through either instance are read back at once through either (read-your-writes).
    const { client, email } = await new ApiClient(active.url).signUpUser('Twin');
    const videos: string[] = (await client.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    const acknowledged: string[] = [];
    for (const [i, id] of videos.slice(0, 6).entries()) {
      const via = new ApiClient(servers[i % 2]!.url, client.token);
      const res = await via.post('/user/likes', { video: { _id: id } });
      expect(res.status).toBe(201);
      acknowledged.push(id);
      expect(
        (await new ApiClient(servers[(i + 1) % 2]!.url, client.token).get('/user/likes')).body.likes.map((v: { _id: string }) => v._id),
      ).toEqual(acknowledged);
    }

    await active.kill('SIGKILL');
    const killedAt = Date.now();
    const standbyApi = new ApiClient(standby.url, client.token);
    const role = await eventually(
      async () => (await standbyApi.get('/health')).body.projector.role,
      (r) => r === 'active',
      10_000,
    );
    const takeoverMs = Date.now() - killedAt;
    console.log(`projector takeover after SIGKILL of the lease holder: ${takeoverMs} ms (lease TTL 1000 ms)`);
    expect(role).toBe('active');
    expect(takeoverMs).toBeLessThan(5_000);

    for (const id of videos.slice(6)) {
      expect((await standbyApi.post('/user/likes', { video: { _id: id } })).status).toBe(201);
      acknowledged.push(id);
    }
    expect((await standbyApi.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toEqual(acknowledged);
    expect((await new ApiClient(standby.url).post('/auth/login', { email, password: 'password123' })).status).toBe(200);

    // Nothing lost or doubled: the shared read model equals a full rebuild of the shared store.
    const store = openAppStore(dataDir);
    const live = RedisReadModel.connect(redis.url, { prefix: redis.prefix });
    try {
      const { model: rebuilt, userIds } = await rebuildInMemory(store);
      expect(await snapshot(live, userIds)).toEqual(await snapshot(rebuilt, userIds));
      const likeEvents = (await store.readStream(`likes-${userIdOf(client.token!)}`)).map((e) => e.type);
      expect(likeEvents).toEqual(Array(12).fill('VideoLiked'));
    } finally {
      await live.close();
      await store.close();
    }
  } finally {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function userIdOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())._id;
}
