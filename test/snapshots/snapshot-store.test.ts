import Database from 'better-sqlite3';
import Redis from 'ioredis';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisSnapshotStore } from '../../backend/src/snapshots/redis-snapshot-store';
import { Snapshot, SnapshotStore } from '../../backend/src/snapshots/snapshot-store.port';
import { SqliteSnapshotStore } from '../../backend/src/snapshots/sqlite-snapshot-store';
import { startRedis, TestRedis } from '../support/redis-server';

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
let suffix = 0;

beforeAll(async () => {
  redisServer = await startRedis();
});
afterAll(async () => {
  await redisServer?.stop();
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
