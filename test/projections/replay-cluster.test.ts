import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService } from '../../backend/src/auth/token.service';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { replay } from '../../backend/src/replay/replay';
import { connectRedis, masters, parseClusterNodes } from '../../backend/src/shared/redis-connection';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { generateActivity, generateSharingAndProgress } from '../support/event-generator';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { startRedisCluster } from '../support/redis-cluster';

test('replay on a Redis Cluster with 2 partitions: a namespace equal to a rebuild, the old one deleted on every master, projection resumed', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-replay-cluster-'));
  const cluster = await startRedisCluster();
  const store = SqliteEventStore.open(join(dataDir, 'events.sqlite'));
  const { userIds } = await generateActivity(store, 2_000);
  await generateSharingAndProgress(store, userIds);
  await store.close();
  const env = { PROJECTOR_LEASE_TTL_MS: '1000', PROJECTION_PARTITIONS: '2' };
  const server = await startApp({ dataDir, redisClusterNodes: cluster.nodes, redisPrefix: cluster.prefix, env });
  const admin = connectRedis({ clusterNodes: parseClusterNodes(cluster.nodes) });
  const keysOf = async (namespace: string) =>
    (await Promise.all((await masters(admin)).map((node) => node.keys(`${cluster.prefix}:${namespace}:*`)))).flat();
  try {
    expect((await keysOf('main')).length).toBeGreaterThan(0);
    const report = await replay({ store: server.store, redis: admin, prefix: cluster.prefix, partitions: 2, leaseTtlMs: 1000 });
    expect(report.previousNamespace).toBe('main');
    expect(await admin.get(`${cluster.prefix}:active`)).toBe(report.namespace);
    expect(await keysOf('main')).toEqual([]);
    const live = new RedisReadModel(admin, { prefix: cluster.prefix, partitions: 2 });
    const { model: rebuilt } = await rebuildInMemory(server.store);
    const expected = await snapshot(rebuilt, userIds);
    expect(await snapshot(live, userIds)).toEqual(expected);
    // The cross-user indexes, spread over both partitions' slots, are part of what is compared.
    expect(Object.keys(expected.shared).length).toBeGreaterThan(0);
    expect(expected.publicListing.length).toBeGreaterThan(0);

    // The instance's projector took its partitions back and projects into the new namespace.
    const writer = new ApiClient(server.url, server.app.get(TokenService).sign({ _id: userIds[0]!, email: 'user0@generated.example' }));
    const likes: string[] = (await writer.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id);
    const videos: string[] = (await writer.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    const fresh = videos.find((id) => !likes.includes(id));
    if (fresh) {
      const res = await writer.post('/user/likes', { video: { _id: fresh } });
      expect(res.status).toBe(201);
      expect(res.body.likes.map((v: { _id: string }) => v._id)).toEqual([...likes, fresh]);
    }
  } finally {
    admin.disconnect();
    await server.close();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
