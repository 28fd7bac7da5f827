import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Projector } from '../../backend/src/projections/projector';
import { partitionOfUser } from '../../backend/src/read-model/partitions';
import { HistoryRetentionSweep } from '../../backend/src/retention/history-retention-sweep';
import type { Clock } from '../../backend/src/shared/clock';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { startRedis } from '../support/redis-server';

/** One instant for every instance of a test, moved by the test. */
function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let at = new Date(iso);
  return { now: () => new Date(at.getTime()), set: (next) => (at = new Date(next)) };
}

const historyOf = async (client: ApiClient) => (await client.get('/user/history')).body.history.map((v: { _id: string }) => v._id);

/** Polls until `done` holds or `timeoutMs` passes, and answers the last value (the caller asserts on it). */
async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

/** A user who watched a video on 2026-01-10 and turned auto-delete to 3 months on 2026-02-01. */
async function userWithOldEntry(url: string, clock: ReturnType<typeof fixedClock>, videoId: string) {
  const api = new ApiClient(url);
  const { client, userId } = await api.signUpUser('Swept');
  clock.set('2026-01-10T12:00:00.000Z');
  expect((await client.post(`/user/history/${videoId}`)).status).toBe(201);
  clock.set('2026-02-01T12:00:00.000Z');
  expect((await client.request('PUT', '/user/settings', { historyRetention: 3 })).status).toBe(200);
  return { client, userId };
}

describe('the daily sweep runs where projection runs, and only there (issue 18)', () => {
  test('with two partitions over two instances each sweeps its own partition’s users once; an instance with PROJECTOR=off sweeps nobody', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'techtube-sweep-roles-'));
    const redis = await startRedis();
    const clock = fixedClock('2026-01-01T00:00:00.000Z');
    const options = { dataDir, redisUrl: redis.url, redisPrefix: redis.prefix, clock };
    const env = { PROJECTION_PARTITIONS: '2', PROJECTOR_LEASE_TTL_MS: '1000' };
    const servers: RunningApp[] = [];
    try {
      for (const projector of ['auto', 'auto', 'off']) servers.push(await startApp({ ...options, env: { ...env, PROJECTOR: projector } }));
      const [a, b, apiOnly] = servers as [RunningApp, RunningApp, RunningApp];
      const held = (server: RunningApp) => server.app.get(Projector).heldPartitions;
      const split = await eventually(
        async () => [held(a), held(b)],
        ([x, y]) => x!.length === 1 && y!.length === 1,
        15_000,
      );
      expect(split.flat().sort()).toEqual([0, 1]);

      // Users through the serving-only instance, until both partitions have some.
      const videoId = (await new ApiClient(apiOnly.url).get('/videos')).body.videos[0]._id;
      const users: Awaited<ReturnType<typeof userWithOldEntry>>[] = [];
      while (users.length < 4 || new Set(users.map((u) => partitionOfUser(u.userId, 2))).size < 2) {
        users.push(await userWithOldEntry(apiOnly.url, clock, videoId));
      }
      const inPartition = (k: number) => users.filter((u) => partitionOfUser(u.userId, 2) === k).length;

      clock.set('2026-06-01T12:00:00.000Z');
      expect(await apiOnly.app.get(HistoryRetentionSweep).sweep()).toEqual({ users: 0, entries: 0 });
      for (const { client } of users) expect(await historyOf(client)).toEqual([videoId]);

      const reports = [];
      for (const server of [a, b]) {
        const report = await server.app.get(HistoryRetentionSweep).sweep();
        expect(report.users).toBe(inPartition(held(server)[0]!));
        await server.app.get(Projector).waitFor(report.position);
        reports.push(report);
      }
      expect(reports.map((r) => r.entries).reduce((x, y) => x + y)).toBe(users.length);
      for (const { client } of users) expect(await historyOf(client)).toEqual([]);
    } finally {
      for (const server of servers.reverse()) await server.close();
      await redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the projector sweeps by itself every HISTORY_RETENTION_SWEEP_MS', async () => {
    const clock = fixedClock('2026-01-01T00:00:00.000Z');
    const server = await startApp({ clock, env: { HISTORY_RETENTION_SWEEP_MS: '200' } });
    try {
      const videoId = (await new ApiClient(server.url).get('/videos')).body.videos[0]._id;
      const { client } = await userWithOldEntry(server.url, clock, videoId);
      expect(await historyOf(client)).toEqual([videoId]);
      // Four months on, nobody writes: the next sweep (within 200 ms) removes the January entry.
      clock.set('2026-05-20T00:00:00.000Z');
      expect(
        await eventually(
          () => historyOf(client),
          (history) => history.length === 0,
          20_000,
        ),
      ).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
