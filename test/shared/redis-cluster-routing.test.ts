import { keySlot } from '../../backend/src/read-model/redis/redis-slots';
import { RedisClient, connectRedis, parseClusterNodes } from '../../backend/src/shared/redis-connection';
import { TestRedisCluster, startRedisCluster } from '../support/redis-cluster';

/** A key of `prefix` whose slot satisfies `wanted`. */
function keyIn(prefix: string, wanted: (slot: number) => boolean): string {
  for (let i = 0; ; i++) if (wanted(keySlot(`${prefix}:${i}`))) return `${prefix}:${i}`;
}

const INCR = "return redis.call('INCR', KEYS[1])";

/**
 * The read model's and the projector's connection options (redis-read-model.ts), on a cluster whose
 * slots move under it: every command must still reach the slot's new master (the reshard of README, "Past one machine").
 */
describe('a cluster connection after a slot moved', () => {
  let cluster: TestRedisCluster;
  let redis: RedisClient;

  beforeAll(async () => {
    cluster = await startRedisCluster();
  }, 60_000);
  afterAll(async () => {
    redis?.disconnect();
    await cluster?.stop();
  });

  test('scripts sent together to keys of a moved slot and of a slot that stayed all succeed, every round', async () => {
    redis = connectRedis({ clusterNodes: parseClusterNodes(cluster.nodes) }, { enableAutoPipelining: true, maxRetriesPerRequest: 2 });
    // The first master holds slots 0–5460; a reshard of 100 slots moves the lowest ones to the second.
    const moved = keyIn(cluster.prefix, (slot) => slot < 50);
    const stayed = keyIn(cluster.prefix, (slot) => slot > 5000 && slot < 5400);
    const round = () => Promise.allSettled([redis.eval(INCR, 1, moved), redis.eval(INCR, 1, stayed)]);
    expect((await round()).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']); // routes learned

    await cluster.reshard(cluster.ports[0]!, cluster.ports[1]!, 100);

    const rounds = [];
    for (let i = 0; i < 5; i++) rounds.push((await round()).map((r) => (r.status === 'fulfilled' ? 'ok' : String(r.reason))));
    expect(rounds).toEqual(Array(5).fill(['ok', 'ok']));
    expect(await Promise.all([redis.get(moved), redis.get(stayed)])).toEqual(['6', '6']);
  }, 60_000);
});
