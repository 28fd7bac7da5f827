import { Cluster } from 'ioredis';
import { RedisReadModel } from '../../backend/src/read-model/redis-read-model';
import { keySlot } from '../../backend/src/read-model/redis-slots';
import { connectRedis } from '../../backend/src/shared/redis-connection';
import { describeReadModelContract } from '../contracts/read-model.contract';
import { add, newId } from '../contracts/read-model-fixtures';
import { startRedis, TestRedis } from '../support/redis-server';
import { startRedisCluster, TestRedisCluster } from '../support/redis-cluster';

/**
 * The sharded Redis read model: on a real 3-master Redis Cluster (every batch applied per slot, each slot
 * with its own checkpoint), and on one server with several partitions (the same per-slot batches).
 */
let cluster: TestRedisCluster;
let single: TestRedis;
let suffix = 0;

beforeAll(async () => {
  [cluster, single] = await Promise.all([startRedisCluster(), startRedis()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([cluster?.stop(), single?.stop()]);
});

const clusterTarget = () => ({ clusterNodes: cluster.nodes.split(',').map((n) => ({ host: '127.0.0.1', port: Number(n.split(':')[1]) })) });

describeReadModelContract('redis cluster (3 masters)', async () => {
  const model = RedisReadModel.connect(clusterTarget(), { prefix: `${cluster.prefix}:${++suffix}` });
  return { model, dispose: () => model.close() };
});

describeReadModelContract('redis, 3 partitions on one server', async () => {
  const model = RedisReadModel.connect(single.url, { prefix: `${single.prefix}:${++suffix}`, partitions: 3 });
  return { model, dispose: () => model.close() };
});

describe('Redis Cluster read model', () => {
  it('computes the slot of a key as the cluster does', async () => {
    const redis = connectRedis(clusterTarget()) as Cluster;
    try {
      for (const key of ['foo', '{user-1}:list:likes', 'tt:main:{a%3Ab}:user', `x{${newId('u')}}y`, '{}z']) {
        expect(keySlot(key)).toBe(await redis.cluster('KEYSLOT', key));
      }
    } finally {
      redis.disconnect();
    }
  });

  it('applies a batch spanning users on every master, each slot once, and a partial retry with other bounds doubles nothing', async () => {
    const model = RedisReadModel.connect(clusterTarget(), { prefix: `${cluster.prefix}:${++suffix}` });
    try {
      const users = Array.from({ length: 30 }, () => newId('user'));
      const events = users.map((userId, i) => ({ position: BigInt(i + 1), changes: [add(userId, 'likes', 'v1', BigInt(i + 1))] }));
      // The first half lands, then a retry covers everything again (as a projector resumed from an older progress).
      await model.applyEvents(events.slice(0, 15), 15n, { expected: undefined });
      const removeAll = users.map((userId, i) => ({
        position: BigInt(31 + i),
        changes: [{ op: 'removeFromList' as const, userId, list: 'likes' as const, videoId: 'v1' }],
      }));
      await model.applyEvents([...events.slice(15), ...removeAll.slice(0, 10)], 40n, { expected: 15n });
      // An older batch sent again (a stale projector) must not bring back what was removed since.
      await model.applyEvents(events, 30n);
      for (const [i, userId] of users.entries()) expect(await model.list(userId, 'likes')).toEqual(i < 10 ? [] : ['v1']);
      expect(await model.checkpoint()).toBe(40n);
    } finally {
      await model.close();
    }
  });
});
