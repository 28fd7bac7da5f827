import { mkdtempSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { replay, replayLockKey } from '../../backend/src/replay/replay';
import { generateActivity } from '../support/event-generator';
import { startRedis } from '../support/redis-server';

/** SECURITY.md §9: a replay killed before (or after) its switch leaves a namespace; the next replay removes it and says so. */
test('replay removes the namespaces a killed replay left behind, one line each, and keeps a running one', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-replay-stale-'));
  const redis = await startRedis({ spawn: true });
  const store = SqliteEventStore.open(join(dataDir, 'events.sqlite'));
  const admin = new Redis(redis.url);
  try {
    await generateActivity(store, 200);
    const p = redis.prefix;
    // Killed after its switch: readers on rnew, the old `main` never deleted.
    await admin.set(`${p}:active`, 'rnew');
    await admin.mset(`${p}:rnew:checkpoint`, '1', `${p}:main:checkpoint`, '1', `${p}:main:{u1}:likes`, 'x', `${p}:main:{u2}:likes`, 'x');
    // Killed before its switch: a half-built namespace.
    await admin.mset(`${p}:rdead:checkpoint`, '1', `${p}:rdead:{u1}:likes`, 'x');
    // A replay still running elsewhere (its lock alive): not stale.
    await admin.mset(`${p}:rlive:checkpoint`, '1', `${p}:rlive:{u1}:likes`, 'x');
    await admin.set(replayLockKey(p, 'rlive'), '1', 'PX', 60_000);

    const lines: string[] = [];
    const report = await replay({ store, redis: admin, prefix: p, leaseTtlMs: 1000, log: (l) => lines.push(l) });
    expect(lines.filter((l) => l.startsWith('removed stale namespace')).sort()).toEqual([
      'removed stale namespace main (3 keys), left by a replay that did not finish',
      'removed stale namespace rdead (2 keys), left by a replay that did not finish',
    ]);
    expect(await admin.keys(`${p}:main:*`)).toEqual([]);
    expect(await admin.keys(`${p}:rdead:*`)).toEqual([]);
    expect((await admin.keys(`${p}:rlive:*`)).sort()).toEqual([`${p}:rlive:checkpoint`, `${p}:rlive:{u1}:likes`]);
    expect(await admin.get(`${p}:active`)).toBe(report.namespace);
    expect(await admin.exists(replayLockKey(p, report.namespace))).toBe(0);
  } finally {
    admin.disconnect();
    await store.close();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
