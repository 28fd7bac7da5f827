import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partitionOfUser } from '../../backend/src/read-model/partitions';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { parseClusterNodes } from '../../backend/src/shared/redis-connection';
import { ApiClient } from '../support/api-client';
import { openAppStore } from '../support/app-store';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { startRedisCluster } from '../support/redis-cluster';
import { startRedis } from '../support/redis-server';
import { ServerProcess, ensureBuilt, startServerProcess } from '../support/server-process';

const TTL_MS = 1000;
const PARTITIONS = 2;

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const held = async (server: ServerProcess): Promise<number[]> =>
  (await new ApiClient(server.url).get('/health')).body.projector?.partitions ?? [];

/**
 * PROJECTION_PARTITIONS=2 over two instances: each projects one partition; writes of users in either
 * partition are read back through either instance; the holder of a partition is SIGKILLed and the
 * survivor takes it over within the lease TTL plus a second; the read model then equals a full rebuild.
 */
// On one server here; test/api/load-balancer.test.ts does the same on a Redis Cluster, behind nginx.
describe.each(['redis'] as const)('partitioned projection on %s', (kind) => {
  test('two instances share the partitions, and a standby takes over a dead one', async () => {
    ensureBuilt();
    const dataDir = mkdtempSync(join(tmpdir(), 'techtube-partitions-'));
    const redis = kind === 'redis' ? await startRedis({ spawn: true }) : await startRedisCluster();
    const target: Record<string, string> = 'url' in redis ? { REDIS_URL: redis.url } : { REDIS_CLUSTER_NODES: redis.nodes };
    const env = {
      DATA_DIR: dataDir,
      ...target,
      REDIS_KEY_PREFIX: redis.prefix,
      PROJECTOR_LEASE_TTL_MS: String(TTL_MS),
      PROJECTION_PARTITIONS: String(PARTITIONS),
    };
    const servers = [await startServerProcess(env), await startServerProcess(env)];
    try {
      const split = await eventually(
        () => Promise.all(servers.map(held)),
        (h) => h.every((p) => p.length === 1) && h.flat().sort().join() === '0,1',
        10_000,
      );
      expect(split.flat().sort()).toEqual([0, 1]);
      expect(split.every((p) => p.length === 1)).toBe(true);

      // Users until both partitions have some; each writes through one instance, reads through the other.
      const api = new ApiClient(servers[0]!.url);
      const users: { client: ApiClient; userId: string; likes: string[] }[] = [];
      while (new Set(users.map((u) => partitionOfUser(u.userId, PARTITIONS))).size < PARTITIONS || users.length < 4) {
        users.push({ ...(await api.signUpUser('Part')), likes: [] });
      }
      const videos: string[] = (await api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
      const likeAndReadBack = async (round: number, via: ServerProcess[]) => {
        for (const [i, user] of users.entries()) {
          const video = videos[(round + i) % videos.length]!;
          const res = await new ApiClient(via[i % via.length]!.url, user.client.token).post('/user/likes', { video: { _id: video } });
          expect(res.status).toBe(201);
          user.likes.push(video);
          const reader = new ApiClient(via[(i + 1) % via.length]!.url, user.client.token);
          expect((await reader.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toEqual(user.likes);
        }
      };
      await likeAndReadBack(0, servers);

      const victim = servers[split.findIndex((p) => p.includes(0))]!;
      const survivor = servers.find((s) => s !== victim)!;
      await victim.kill('SIGKILL');
      const killedAt = Date.now();
      const after = await eventually(
        () => held(survivor),
        (p) => p.includes(0),
        10_000,
      );
      const takeoverMs = Date.now() - killedAt;
      console.log(`[${kind}] partition 0 taken over ${takeoverMs} ms after SIGKILL of its holder (lease TTL ${TTL_MS} ms)`);
      expect(after).toEqual([0, 1]);
      expect(takeoverMs).toBeLessThan(TTL_MS + 4000);

      await likeAndReadBack(1, [survivor]);

      // Nothing lost or doubled: the shared read model equals a full rebuild of the shared store.
      // Read as the app reads it (personal fields opened with the data dir's keys), as a rebuild would.
      const store = openAppStore(dataDir);
      const live = RedisReadModel.connect('url' in redis ? redis.url : { clusterNodes: parseClusterNodes(redis.nodes) }, {
        prefix: redis.prefix,
        partitions: PARTITIONS,
      });
      try {
        const { model: rebuilt, userIds } = await rebuildInMemory(store);
        const expected = await snapshot(rebuilt, userIds);
        expect(
          await eventually(
            () => snapshot(live, userIds),
            (s) => s.checkpoint === expected.checkpoint,
            5_000,
          ),
        ).toEqual(expected);
      } finally {
        await live.close();
        await store.close();
      }
    } finally {
      await Promise.all(servers.map((s) => s.kill('SIGKILL')));
      await redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
