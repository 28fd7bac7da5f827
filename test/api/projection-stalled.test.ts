import Redis from 'ioredis';
import { streams } from '../../backend/src/events/app-events';
import { RedisLease } from '../../backend/src/projector-leases/projector-lease';
import { READ_MODEL, ReadModel } from '../../backend/src/read-model/read-model.port';
import { ApiClient, ApiResponse } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { TestRedis, startRedis } from '../support/redis-server';
import { startRedisCluster } from '../support/redis-cluster';
import { connectRedis, parseClusterNodes } from '../../backend/src/shared/redis-connection';

/**
 * The projector stops (its lease taken away, or its target failing) while writes keep coming:
 * health says so within a few seconds (503 "degraded", lag in events and seconds), a committed write
 * answers 202 "saved, still updating" with its position instead of a 503 that invites a retry, a
 * retry with the same Idempotency-Key appends nothing, and everything shows once projection resumes.
 */
const ENV = { READ_YOUR_WRITES_TIMEOUT_MS: '300', HEALTH_MAX_LAG_MS: '500', PROJECTOR_LEASE_TTL_MS: '1000' };

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function checkStalledThenResumed(
  server: RunningApp,
  stop: (userId: string) => Promise<void>,
  resume: () => Promise<void>,
): Promise<void> {
  const api = new ApiClient(server.url);
  const { client, userId } = await api.signUpUser('Stall');
  const videos: string[] = (await api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
  expect((await api.get('/health')).body).toMatchObject({ status: 'ok', projector: { lag: 0, lagSeconds: 0 } });

  await stop(userId);
  const key = { 'idempotency-key': 'stalled-like-1' };
  const first: ApiResponse = await client.request('POST', '/user/likes', { video: { _id: videos[0] } }, key);
  expect(first.status).toBe(202);
  expect(first.body).toEqual({
    saved: true,
    message: 'Saved. Your lists are still updating: read them again in a moment.',
    position: expect.stringMatching(/^\d+$/),
  });
  const again: ApiResponse = await client.request('POST', '/user/likes', { video: { _id: videos[0] } }, key);
  expect(again.status).toBe(202);
  expect(again.body).toEqual(first.body);
  expect(await server.store.readStream(streams.likes(userId))).toHaveLength(1);

  const health = await eventually(
    () => api.get('/health'),
    (res) => res.status === 503,
  );
  expect(health.status).toBe(503);
  expect(health.body).toMatchObject({ status: 'degraded', eventStore: { status: 'up' }, readModel: { status: 'up' } });
  expect(health.body.projector.lag).toBeGreaterThanOrEqual(1);
  expect(health.body.projector.lagSeconds).toBeGreaterThan(0.5);
  expect(health.body.projector.maxLagSeconds).toBe(0.5);

  await resume();
  const likes = await eventually(
    () => client.get('/user/likes'),
    (res) => res.status === 200 && res.body.likes.length === 1,
  );
  expect(likes.body.likes.map((v: { _id: string }) => v._id)).toEqual([videos[0]]);
  const healthy = await eventually(
    () => api.get('/health'),
    (res) => res.status === 200,
  );
  expect(healthy.body).toMatchObject({ status: 'ok', projector: { lag: 0 } });
  // Projection is back: writes answer as docs/api.md says again.
  expect((await client.post('/user/likes', { video: { _id: videos[1] } })).status).toBe(201);
}

test('memory read model: the projection target fails → health 503 degraded, a write answers 202 once, all shows after', async () => {
  const server = await startApp({ env: ENV });
  try {
    const readModel = server.app.get<ReadModel>(READ_MODEL);
    const broken = jest.spyOn(readModel, 'apply');
    await checkStalledThenResumed(
      server,
      async () => void broken.mockRejectedValue(new Error('projection target broken (test)')),
      async () => broken.mockRestore(),
    );
  } finally {
    await server.close();
  }
});

test('Redis read model: the projector loses its lease → health 503 degraded, a write answers 202 once, all shows after', async () => {
  const redis: TestRedis = await startRedis();
  const server = await startApp({ redisUrl: redis.url, redisPrefix: redis.prefix, env: ENV });
  const client = new Redis(redis.url);
  // Another holder takes the lease, as `npm run replay` does, and keeps it until released.
  const thief = new RedisLease(client, `${redis.prefix}:projector-lease`, 60_000);
  try {
    await checkStalledThenResumed(
      server,
      async () => {
        await thief.seize();
        const api = new ApiClient(server.url);
        const role = await eventually(
          async () => (await api.get('/health')).body.projector.role,
          (r) => r === 'standby',
        );
        expect(role).toBe('standby');
      },
      () => thief.release(),
    );
  } finally {
    await server.close();
    client.disconnect();
    await redis.stop();
  }
});

test('Redis Cluster read model: a batch keeps failing in its slot → health 503 degraded, a write answers 202 once, all shows after', async () => {
  const cluster = await startRedisCluster();
  const server = await startApp({ redisClusterNodes: cluster.nodes, redisPrefix: cluster.prefix, env: ENV });
  const client = connectRedis({ clusterNodes: parseClusterNodes(cluster.nodes) });
  // A key of the wrong type where the user's likes go: every batch holding a like fails in that slot's script.
  let blocked: string | undefined;
  try {
    await checkStalledThenResumed(
      server,
      async (userId) => {
        blocked = `${cluster.prefix}:main:{${encodeURIComponent(userId)}}:list:likes`;
        await client.set(blocked, 'not a sorted set');
      },
      async () => void (await client.del(blocked!)),
    );
  } finally {
    await server.close();
    client.disconnect();
    await cluster.stop();
  }
});
