import { mkdtempSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService } from '../../backend/src/auth/token.service';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { replay } from '../../backend/src/replay/replay';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { generateActivity, generateSharingAndProgress } from '../support/event-generator';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { startRedis } from '../support/redis-server';

test('replay of 100 000 events rebuilds a read model identical to the live one while reads keep answering', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-replay-'));
  const redis = await startRedis({ spawn: true });
  const store = SqliteEventStore.open(join(dataDir, 'events.sqlite'));
  const { userIds, events } = await generateActivity(store, Number(process.env.REPLAY_TEST_EVENTS ?? 100_000));
  await generateSharingAndProgress(store, userIds.slice(0, 40));
  await store.close();
  expect(events).toBeGreaterThanOrEqual(Number(process.env.REPLAY_TEST_EVENTS ?? 100_000));

  const server = await startApp({ dataDir, redisUrl: redis.url, redisPrefix: redis.prefix, env: { PROJECTOR_LEASE_TTL_MS: '1000' } });
  const admin = new Redis(redis.url);
  try {
    const tokens = server.app.get(TokenService);
    const readers = userIds
      .slice(0, 50)
      .map((id, i) => new ApiClient(server.url, tokens.sign({ _id: id, email: `user${i}@generated.example` })));
    const before = await Promise.all(readers.map(async (c) => (await c.get('/user/likes')).body.likes.length as number));
    expect(before.some((n) => n > 0)).toBe(true);

    // Readers hammer the API during the whole replay; every answer must be complete.
    let reading = true;
    let reads = 0;
    const failures: string[] = [];
    const readLoop = (async () => {
      while (reading) {
        const i = reads % readers.length;
        const res = await readers[i]!.get('/user/likes');
        reads++;
        if (res.status !== 200 || res.body.likes.length !== before[i])
          failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
      }
    })();
    const lines: string[] = [];
    const report = await replay({ store: server.store, redis: admin, prefix: redis.prefix, leaseTtlMs: 1000, log: (l) => lines.push(l) });
    reading = false;
    await readLoop;
    console.log(
      `replay: ${report.events} events in ${report.seconds.toFixed(2)} s = ${report.eventsPerSecond} events/s; ${reads} reads during it, ${failures.length} incomplete`,
    );
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    expect(report.events).toBeGreaterThanOrEqual(events);
    expect(lines.some((l) => /events\/s/.test(l))).toBe(true);

    // The switched-to namespace equals a full rebuild, and the old one is gone.
    expect(await admin.get(`${redis.prefix}:active`)).toBe(report.namespace);
    expect(await admin.keys(`${redis.prefix}:${report.previousNamespace}:*`)).toEqual([]);
    const live = new RedisReadModel(admin, { prefix: redis.prefix });
    const { model: rebuilt } = await rebuildInMemory(server.store);
    const expected = await snapshot(rebuilt, userIds);
    expect(await snapshot(live, userIds)).toEqual(expected);
    expect(Object.keys(expected.shared).length).toBeGreaterThan(0);
    expect(expected.publicListing.length).toBeGreaterThan(0);

    // The live projector took the lease back and keeps projecting into the new namespace.
    const writer = readers[0]!;
    const likes = (await writer.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id);
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
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
