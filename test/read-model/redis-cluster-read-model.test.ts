import { Cluster } from 'ioredis';
import { MemoryReadModel } from '../../backend/src/read-model/memory/memory-read-model';
import { partitionOfUser } from '../../backend/src/read-model/partitions';
import { EventChanges, ReadModel, ReadModelChange } from '../../backend/src/read-model/read-model.port';
import { sharedPlaylistsKey } from '../../backend/src/read-model/redis/redis-keys';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { keySlot, userSlot } from '../../backend/src/read-model/redis/redis-slots';
import { connectRedis } from '../../backend/src/shared/redis-connection';
import { describeReadModelContract } from '../contracts/read-model.contract';
import { add, entry, meta, newId, putPlaylist, recordActivity } from '../contracts/read-model-fixtures';
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

/** A user id whose keys share `slot` with another key (about 16 000 tries). */
function userInSlot(slot: number): string {
  for (;;) {
    const id = newId('user');
    if (userSlot(id) === slot) return id;
  }
}

/** A user id in `partition` of `partitions`. */
function userInPartition(partition: number, partitions: number): string {
  for (;;) {
    const id = newId('user');
    if (partitionOfUser(id, partitions) === partition) return id;
  }
}

/** What anyone reads across users, and one user's likes: compared with a model that applied the log in order. */
async function sharedView(model: ReadModel, playlistIds: readonly string[], userId: string) {
  return {
    listed: (await model.publicPlaylists({ limit: 100 })).map((s) => [s.playlist._id, s.position]),
    // Positions as the listing orders them (the adapters differ on an unlisted one's, which nothing reads).
    byId: await Promise.all(playlistIds.map(async (id) => ({ ...(await model.sharedPlaylist(id)), position: undefined }))),
    likes: await model.list(userId, 'likes'),
  };
}

describe.each([
  ['a 3-master Cluster', () => ({ target: clusterTarget(), prefix: cluster.prefix })],
  ['one server', () => ({ target: single.url, prefix: single.prefix })],
] as const)('two projection partitions on %s', (_name, redis) => {
  test('the cross-user indexes take every partition’s events, whichever partition is ahead; a stale resend changes nothing', async () => {
    const { target, prefix: filePrefix } = redis();
    const prefix = `${filePrefix}:${++suffix}`;
    const model = RedisReadModel.connect(target, { prefix, partitions: 2 });
    try {
      // The shared index's slot, a user whose own keys sit in that very slot, and the partition that user is in.
      const indexSlot = keySlot(sharedPlaylistsKey(`${prefix}:main`));
      const neighbour = userInSlot(indexSlot);
      const behind = partitionOfUser(neighbour, 2);
      const ahead = 1 - behind;
      const [early, late] = [userInPartition(behind, 2), userInPartition(ahead, 2)];
      const [pE, pU, pL, pL2] = [newId('pl'), newId('pl'), newId('pl'), newId('pl')];
      const vis = (
        userId: string,
        playlistId: string,
        visibility: 'private' | 'unlisted' | 'public',
        position: bigint,
      ): ReadModelChange => ({
        op: 'setPlaylistVisibility',
        userId,
        playlistId,
        visibility,
        position,
      });
      const created = (position: bigint, userId: string, id: string): EventChanges => ({
        position,
        changes: [
          putPlaylist(userId, meta(id, id), position),
          recordActivity(userId, entry(position, 'PlaylistCreated', { playlistId: id, playlistTitle: id })),
        ],
      });
      const at = (position: bigint, change: ReadModelChange): EventChanges => ({ position, changes: [change] });
      // The log, in order; each partition applies its own users' events, with the log's last position as checkpoint.
      const log: EventChanges[] = [
        created(1n, early, pE),
        created(2n, early, pU),
        at(3n, add(neighbour, 'likes', 'v1', 3n)),
        created(4n, late, pL),
        at(5n, vis(early, pE, 'public', 5n)),
        at(6n, vis(early, pU, 'unlisted', 6n)),
        at(7n, vis(late, pL, 'public', 7n)),
        at(8n, add(neighbour, 'likes', 'v2', 8n)),
        // Second round.
        at(9n, vis(early, pE, 'private', 9n)),
        created(10n, late, pL2),
        at(11n, vis(late, pL2, 'public', 11n)),
        at(12n, vis(early, pE, 'public', 12n)),
        at(13n, { op: 'eraseUser', userId: early }),
        at(14n, vis(late, pL, 'unlisted', 14n)),
      ];
      const ofPartition = (k: number, events: EventChanges[]) =>
        events.filter((e) => e.changes.every((c) => 'userId' in c && partitionOfUser(c.userId, 2) === k));
      const inOrder = new MemoryReadModel();
      const ids = [pE, pU, pL, pL2];

      // The partition ahead applies the first round, then the one behind.
      const first = log.slice(0, 8);
      await model.applyEvents(ofPartition(ahead, first), 8n, { expected: undefined, partition: ahead });
      await model.applyEvents(ofPartition(behind, first), 8n, { expected: undefined, partition: behind });
      await inOrder.applyEvents(first, 8n);
      expect(await sharedView(model, ids, neighbour)).toEqual(await sharedView(inOrder, ids, neighbour));
      expect((await model.publicPlaylists({ limit: 10 })).map((s) => s.playlist._id)).toEqual([pL, pE]);

      // The second round likewise, the one behind erasing its user after the one ahead moved on.
      const second = log.slice(8);
      await model.applyEvents(ofPartition(ahead, second), 14n, { expected: 8n, partition: ahead });
      await model.applyEvents(ofPartition(behind, second), 14n, { expected: 8n, partition: behind });
      await inOrder.applyEvents(second, 14n);
      expect(await sharedView(model, ids, neighbour)).toEqual(await sharedView(inOrder, ids, neighbour));
      expect((await model.publicPlaylists({ limit: 10 })).map((s) => s.playlist._id)).toEqual([pL2]);
      expect(await model.sharedPlaylist(pL)).toMatchObject({ ownerId: late, playlist: { visibility: 'unlisted' } });

      // A stale projector of either partition sends its first round again: nothing moves back.
      await model.applyEvents(ofPartition(behind, first), 8n);
      await model.applyEvents(ofPartition(ahead, first), 8n);
      expect(await sharedView(model, ids, neighbour)).toEqual(await sharedView(inOrder, ids, neighbour));
      expect(await model.checkpoint()).toBe(14n);
    } finally {
      await model.close();
    }
  });
});
