import { Projector } from '../../backend/src/projections/projector';
import { RedisLease, projectorLeaseKey } from '../../backend/src/projector-leases/projector-lease';
import { partitionOfUser } from '../../backend/src/read-model/partitions';
import { ReadModel } from '../../backend/src/read-model/read-model.port';
import { replay } from '../../backend/src/replay/replay';
import { RedisClient, connectRedis, parseClusterNodes } from '../../backend/src/shared/redis-connection';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { rebuildInMemory } from '../support/read-model-snapshot';
import { startRedisCluster } from '../support/redis-cluster';
import { startRedis } from '../support/redis-server';

const PARTITIONS = 2;
const TTL_MS = 1000;

async function eventually<T>(probe: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Owner {
  readonly client: ApiClient;
  readonly userId: string;
  readonly partition: number;
}

/**
 * The partitioned projection and shared playlists together: the `shared-playlists` and
 * `public-playlists` indexes are written by every partition. One partition is held back (its lease taken
 * by the test, as a dead holder or a slow one would leave it) while the other projects later events; once
 * it catches up, every playlist shared through either partition is listed and readable by its link, on
 * one Redis server and on a Redis Cluster, and after a replay; an erasure projected late removes the
 * erased user's playlists all the same.
 */
describe.each(['redis', 'redis-cluster'] as const)('shared playlists with %s and two projection partitions', (kind) => {
  test('a partition behind the other still lands its users’ shared and public playlists, and their erasure', async () => {
    const redis = kind === 'redis' ? await startRedis({ spawn: true }) : await startRedisCluster();
    const target = 'url' in redis ? { url: redis.url } : { clusterNodes: parseClusterNodes(redis.nodes) };
    const env = { PROJECTION_PARTITIONS: String(PARTITIONS), PROJECTOR_LEASE_TTL_MS: String(TTL_MS) };
    const admin: RedisClient = connectRedis(target);
    let server: RunningApp | undefined;
    try {
      server = await startApp({
        ...('url' in redis ? { redisUrl: redis.url } : { redisClusterNodes: redis.nodes }),
        redisPrefix: redis.prefix,
        env,
      });
      const { store } = server;
      const projector = server.app.get(Projector);
      const guest = new ApiClient(server.url);
      expect(
        await eventually(
          () => projector.heldPartitions,
          (held) => held.length === PARTITIONS,
        ),
      ).toEqual([0, 1]);

      // One owner per partition, each with two playlists.
      const owners = new Map<number, Owner>();
      while (owners.size < PARTITIONS) {
        const { client, userId } = await guest.signUpUser('Sharer');
        const partition = partitionOfUser(userId, PARTITIONS);
        if (!owners.has(partition)) owners.set(partition, { client, userId, partition });
      }
      const playlistOf = async (owner: Owner, title: string): Promise<string> =>
        (await owner.client.post('/user/playlists', { playlist: { title } })).body.playlists.at(-1)._id;
      const [behind, ahead] = [owners.get(0)!, owners.get(1)!];
      const [pPublic, pUnlisted] = [await playlistOf(behind, 'Behind, public'), await playlistOf(behind, 'Behind, unlisted')];
      const [pAhead, pAheadLater] = [await playlistOf(ahead, 'Ahead, public'), await playlistOf(ahead, 'Ahead, later')];

      /**
       * Holds `behind`'s partition back while `whileHeld` writes (each request sent once its event is in
       * the store: its answer waits for read-your-writes), then lets it project again; answers the statuses.
       */
      const withPartitionHeldBack = async (writes: (() => Promise<number>)[], whileHeld: () => Promise<void>): Promise<number[]> => {
        const lease = new RedisLease(admin, projectorLeaseKey(redis.prefix, behind.partition, PARTITIONS), 60_000, 'test-holding-back');
        await lease.seize();
        expect(
          await eventually(
            () => projector.heldPartitions,
            (held) => !held.includes(behind.partition),
          ),
        ).toEqual([ahead.partition]);
        const answers: Promise<number>[] = [];
        for (const write of writes) {
          const head = await store.headPosition();
          answers.push(write());
          await eventually(
            () => store.headPosition(),
            (now) => now !== head,
          );
        }
        await whileHeld();
        await lease.release();
        return Promise.all(answers);
      };
      const patch = (owner: Owner, id: string, visibility: string) => async () =>
        (await owner.client.request('PATCH', `/user/playlists/${id}`, { visibility })).status;

      // `behind` shares two playlists; `ahead` then makes one public, projected at once by its partition.
      const statuses = await withPartitionHeldBack([patch(behind, pPublic, 'public'), patch(behind, pUnlisted, 'unlisted')], async () => {
        expect(await patch(ahead, pAhead, 'public')()).toBe(200);
      });
      expect(statuses).toEqual([200, 200]);

      const listed = async () => (await guest.get('/playlists?limit=10')).body.playlists.map((p: { _id: string }) => p._id);
      const readable = async (id: string) => (await guest.get(`/playlists/${id}`)).status;
      expect(await listed()).toEqual([pAhead, pPublic]);
      expect([await readable(pPublic), await readable(pUnlisted), await readable(pAhead)]).toEqual([200, 200, 200]);
      const firstPage = await guest.get('/playlists?limit=1');
      expect((await guest.get(`/playlists?limit=1&before=${firstPage.body.nextBefore}`)).body.playlists[0]._id).toBe(pPublic);

      // A full rebuild (replay into a new namespace) reads the same.
      const { model: rebuilt } = await rebuildInMemory(store);
      const publicIds = async (model: ReadModel) => (await model.publicPlaylists({ limit: 10 })).map((s) => s.playlist._id);
      expect(await publicIds(rebuilt)).toEqual([pAhead, pPublic]);
      await replay({ store: store, redis: admin, prefix: redis.prefix, partitions: PARTITIONS, leaseTtlMs: TTL_MS });
      expect(
        await eventually(
          () => projector.heldPartitions,
          (held) => held.length === PARTITIONS,
        ),
      ).toEqual([0, 1]);
      expect(await eventually(listed, (ids) => ids.length === 2)).toEqual([pAhead, pPublic]);
      expect([await readable(pPublic), await readable(pUnlisted)]).toEqual([200, 200]);

      // `behind` deletes their account while held back; `ahead` makes another playlist public meanwhile.
      const erasure = await withPartitionHeldBack(
        [async () => (await behind.client.request('DELETE', '/user', { password: 'password123' })).status],
        async () => {
          expect(await patch(ahead, pAheadLater, 'public')()).toBe(200);
        },
      );
      expect(erasure).toEqual([200]);
      // Pages of one and of two are full: no entry of the erased owner is left to take a place.
      expect((await guest.get('/playlists?limit=2')).body.playlists.map((p: { _id: string }) => p._id)).toEqual([pAheadLater, pAhead]);
      expect([await readable(pPublic), await readable(pUnlisted)]).toEqual([404, 404]);
      const { model: rebuiltAfter } = await rebuildInMemory(store);
      expect(await listed()).toEqual(await publicIds(rebuiltAfter));
    } finally {
      admin.disconnect();
      await server?.close();
      await redis.stop();
    }
  }, 90_000);
});
