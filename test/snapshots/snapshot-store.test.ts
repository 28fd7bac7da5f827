import Database from 'better-sqlite3';
import Redis from 'ioredis';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisSnapshotStore } from '../../backend/src/snapshots/redis-snapshot-store';
import { Snapshot, SnapshotStore } from '../../backend/src/snapshots/snapshot-store.port';
import { SqliteSnapshotStore } from '../../backend/src/snapshots/sqlite-snapshot-store';
import { startRedis, TestRedis } from '../support/redis-server';
import { startRedisCluster, TestRedisCluster } from '../support/redis-cluster';
import { connectRedis, parseClusterNodes } from '../../backend/src/shared/redis-connection';

const snapshot = (revision: number, state: unknown = { videoIds: ['a'] }): Snapshot => ({
  version: 1,
  revision,
  eventId: `event-${revision}`,
  // Beyond 2^53: positions are bigints end to end.
  position: 9_007_199_254_740_993n + BigInt(revision),
  state,
});

interface Subject {
  readonly store: SnapshotStore;
  /** Writes a raw document under the key, as a damaged or foreign writer would. */
  readonly corrupt: (key: string, body: string) => Promise<void>;
}

let dir: string;
let redisServer: TestRedis;
let cluster: TestRedisCluster;
let suffix = 0;

beforeAll(async () => {
  [redisServer, cluster] = await Promise.all([startRedis(), startRedisCluster()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([redisServer?.stop(), cluster?.stop()]);
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'techtube-snapshots-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const subjects: [string, () => Subject][] = [
  [
    'sqlite',
    () => {
      const file = join(dir, 'snapshots.sqlite');
      const store = new SqliteSnapshotStore(file);
      const corrupt = async (key: string, body: string) => {
        await store.load('warm-up'); // creates the file and its table
        const db = new Database(file);
        db.prepare('INSERT OR REPLACE INTO snapshots (key, revision, body) VALUES (?, 0, ?)').run(key, body);
        db.close();
      };
      return { store, corrupt };
    },
  ],
  [
    'redis',
    () => {
      const prefix = `${redisServer.prefix}:${++suffix}`;
      const store = RedisSnapshotStore.connect(redisServer.url, prefix);
      const corrupt = async (key: string, body: string) => {
        const redis = new Redis(redisServer.url);
        await redis.set(`${prefix}:snapshot:${encodeURIComponent(key)}`, body);
        await redis.quit();
      };
      return { store, corrupt };
    },
  ],
  [
    'redis cluster (3 masters)',
    () => {
      const prefix = `${cluster.prefix}:${++suffix}`;
      const target = { clusterNodes: parseClusterNodes(cluster.nodes) };
      const store = RedisSnapshotStore.connect(target, prefix);
      const corrupt = async (key: string, body: string) => {
        const redis = connectRedis(target);
        await redis.set(`${prefix}:snapshot:${encodeURIComponent(key)}`, body);
        await redis.quit();
      };
      return { store, corrupt };
    },
  ],
];

describe.each(subjects)('snapshot store: %s', (_name, make) => {
  let subject: Subject;
  beforeEach(() => {
    subject = make();
  });
  afterEach(async () => {
    await subject.store.close();
  });

  test('a key never saved has no snapshot', async () => {
    await expect(subject.store.load('likes:likes-nobody')).resolves.toBeUndefined();
  });

  test('a saved snapshot comes back whole, keys kept apart', async () => {
    await subject.store.save('likes:likes-u1', snapshot(250));
    await subject.store.save('history:history-u1', snapshot(7, { watched: [['v', '2026-01-01T00:00:00.000Z']], paused: true }));
    await expect(subject.store.load('likes:likes-u1')).resolves.toEqual(snapshot(250));
    await expect(subject.store.load('history:history-u1')).resolves.toEqual(
      snapshot(7, { watched: [['v', '2026-01-01T00:00:00.000Z']], paused: true }),
    );
  });

  test('a newer snapshot replaces an older one, never the reverse (two processes saving)', async () => {
    await subject.store.save('k', snapshot(400));
    await subject.store.save('k', snapshot(200));
    expect((await subject.store.load('k'))?.revision).toBe(400);
    await subject.store.save('k', snapshot(600));
    expect((await subject.store.load('k'))?.revision).toBe(600);
  });

  test('drop removes the named snapshots and every one under the prefixes (an erasure), and no other', async () => {
    const users = ['u1', 'u2'];
    // Enough keys to lie on every master of a cluster.
    const keysOf = (user: string) => [`likes:likes-${user}`, ...Array.from({ length: 12 }, (_, i) => `checkpoints:${user}:${i}`)];
    for (const user of users) for (const key of keysOf(user)) await subject.store.save(key, snapshot(1));
    await subject.store.drop(['likes:likes-u1', 'likes:never-saved'], ['checkpoints:u1:']);
    for (const key of keysOf('u1')) await expect(subject.store.load(key)).resolves.toBeUndefined();
    for (const key of keysOf('u2')) await expect(subject.store.load(key)).resolves.toEqual(snapshot(1));
  });

  test('a damaged document reads as no snapshot, and a good save repairs it', async () => {
    for (const body of ['not json', '{"version":1}', JSON.stringify({ ...snapshot(3), position: 'x' })]) {
      await subject.corrupt('k', body);
      await expect(subject.store.load('k')).resolves.toBeUndefined();
    }
    await subject.store.save('k', snapshot(5));
    await expect(subject.store.load('k')).resolves.toEqual(snapshot(5));
  });
});

test('sqlite: a snapshot file that cannot be created fails the call (the runner then goes on without)', async () => {
  writeFileSync(join(dir, 'not-a-dir'), '');
  const store = new SqliteSnapshotStore(join(dir, 'not-a-dir', 'snapshots.sqlite'));
  await expect(store.load('k')).rejects.toThrow();
  await expect(store.save('k', snapshot(1))).rejects.toThrow();
  await store.close();
});
