import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Projector } from '../../backend/src/projections/projector';
import { READ_MODEL, ReadModel } from '../../backend/src/read-model/read-model.port';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { replay } from '../../backend/src/replay/replay';
import { HistoryRetentionSweep } from '../../backend/src/retention/history-retention-sweep';
import type { Clock } from '../../backend/src/shared/clock';
import { ApiClient } from '../support/api-client';
import { RunningApp, StartAppOptions, startApp } from '../support/app';
import { openAppStore } from '../support/app-store';
import { nextMillisecond } from '../support/library-actions';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { connectRedis, parseClusterNodes } from '../../backend/src/shared/redis-connection';
import { READ_MODEL_VARIANTS_WITH_CLUSTER } from '../support/read-models';
import { startRedisCluster } from '../support/redis-cluster';
import { startRedis } from '../support/redis-server';

type VariantName = (typeof READ_MODEL_VARIANTS_WITH_CLUSTER)[number];

/** Where the Redis read model is, for the app and for a replay. */
interface SharedRedis {
  readonly app: { redisUrl?: string; redisClusterNodes?: string; redisPrefix: string };
  readonly target: Parameters<typeof connectRedis>[0];
  readonly prefix: string;
  stop(): Promise<void>;
}

async function sharedRedis(variantName: VariantName): Promise<SharedRedis | undefined> {
  if (variantName === 'redis') {
    const redis = await startRedis();
    return { app: { redisUrl: redis.url, redisPrefix: redis.prefix }, target: { url: redis.url }, prefix: redis.prefix, stop: redis.stop };
  }
  if (variantName === 'redis-cluster') {
    const cluster = await startRedisCluster();
    const target = { clusterNodes: parseClusterNodes(cluster.nodes) };
    return { app: { redisClusterNodes: cluster.nodes, redisPrefix: cluster.prefix }, target, prefix: cluster.prefix, stop: cluster.stop };
  }
  return undefined;
}

/** The app's clock, moved by the tests: months pass between two requests without anyone waiting. */
class TestClock implements Clock {
  private at = new Date('2026-01-10T12:00:00.000Z');
  now(): Date {
    return new Date(this.at.getTime());
  }
  set(iso: string): void {
    this.at = new Date(iso);
  }
}

const BAD_RETENTION = 'historyRetention must be "off", 3, 18 or 36 (months)';
const ids = (videos: { _id: string }[]) => videos.map((video) => video._id);

/**
 * The app on one read model over a data directory of its own (kept across restarts), its clock, and
 * what the tests do through them.
 */
function harness(variantName: VariantName, clock: TestClock) {
  let server: RunningApp;
  let videos: string[];
  let dataDir: string;
  let redis: SharedRedis | undefined;
  const self = {
    get server() {
      return server;
    },
    get redis() {
      return redis;
    },
    video: (i: number) => videos[i]!,
    async start(options: StartAppOptions = {}) {
      dataDir ??= mkdtempSync(join(tmpdir(), 'techtube-retention-'));
      redis ??= await sharedRedis(variantName);
      server = await startApp({ dataDir, clock, ...redis?.app, ...options });
      videos = ids((await new ApiClient(server.url).get('/videos')).body.videos);
    },
    async stop() {
      await server?.close();
      await redis?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    newUser: async (name = 'Keeper') => new ApiClient(server.url).signUpUser(name),
    /** Plays a video at `iso` (the player's POST /user/history/:id). */
    async watchAt(client: ApiClient, videoId: string, iso: string) {
      clock.set(iso);
      const res = await client.post(`/user/history/${videoId}`);
      expect(res.status).toBe(201);
      return ids(res.body.history);
    },
    async setRetention(client: ApiClient, historyRetention: unknown, iso?: string) {
      if (iso) clock.set(iso);
      return client.request<any>('PUT', '/user/settings', { historyRetention });
    },
    history: async (client: ApiClient) => ids((await client.get('/user/history')).body.history),
    /** One sweep now, and its removals visible in the read model. */
    async sweep(iso: string) {
      clock.set(iso);
      const report = await server.app.get(HistoryRetentionSweep).sweep();
      await server.app.get(Projector).waitFor(report.position);
      return report;
    },
  };
  return self;
}

// The Redis Cluster too: the sweep finds its users master by master, and the read model applies per slot.
describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('history auto-delete (issue 18) on the %s read model', (variantName) => {
  const clock = new TestClock();
  const app = harness(variantName, clock);
  beforeAll(() => app.start());
  afterAll(() => app.stop());

  test('the setting is off by default; each value is saved and read back; a bad value is 400 and changes nothing', async () => {
    const { client } = await app.newUser();
    expect((await client.get('/user/settings')).body).toEqual({ settings: { historyPaused: false, historyRetention: 'off' } });
    for (const value of [3, 18, 36, 'off', 18] as const) {
      const saved = await app.setRetention(client, value);
      expect({ status: saved.status, body: saved.body }).toEqual({
        status: 200,
        body: { settings: { historyPaused: false, historyRetention: value } },
      });
      expect((await client.get('/user/settings')).body.settings.historyRetention).toBe(value);
    }
    const activity = (await client.get('/user/activity?limit=100')).body.activity.map((a: { type: string }) => a.type);
    expect(activity.filter((type: string) => type === 'HistoryRetentionChanged')).toHaveLength(5);

    for (const bad of [6, 0, -3, '3', '18', 'never', 'OFF', null, true, [3], { months: 3 }]) {
      const refused = await app.setRetention(client, bad);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { errors: [BAD_RETENTION] } });
    }
    // Both settings in one body: one bad value refuses the other too.
    const both = await client.request<any>('PUT', '/user/settings', { historyPaused: true, historyRetention: 12 });
    expect({ status: both.status, body: both.body }).toEqual({ status: 400, body: { errors: [BAD_RETENTION] } });
    expect((await client.get('/user/settings')).body).toEqual({ settings: { historyPaused: false, historyRetention: 18 } });
    // A setting left out keeps its value.
    const paused = await client.request<any>('PUT', '/user/settings', { historyPaused: true });
    expect(paused.body).toEqual({ settings: { historyPaused: true, historyRetention: 18 } });
    expect((await client.get('/user/settings')).body.settings).toEqual({ historyPaused: true, historyRetention: 18 });
  });

  test('turning it on removes what is already older at once; later, the user’s next watch removes what aged since; newer entries stay', async () => {
    const [{ client: keeper }, { client: forgetter }] = [await app.newUser('Keeper'), await app.newUser('Forgetter')];
    const [jan, mar, may, jul] = [0, 1, 2, 3].map(app.video);
    for (const user of [keeper, forgetter]) {
      await app.watchAt(user, jan!, '2025-11-10T12:00:00.000Z');
      await app.watchAt(user, mar!, '2026-03-01T12:00:00.000Z');
    }
    // 3 months before 2026-03-05 is 2025-12-05: November's entry goes with the PUT itself.
    expect((await app.setRetention(forgetter, 3, '2026-03-05T12:00:00.000Z')).status).toBe(200);
    expect(await app.history(forgetter)).toEqual([mar]);

    await app.watchAt(forgetter, may!, '2026-05-20T12:00:00.000Z');
    // Months pass; reading never writes, so nothing changes until the user writes.
    clock.set('2026-08-01T12:00:00.000Z');
    expect(await app.history(forgetter)).toEqual([mar, may]);
    // The next watch: 2026-05-02 is the cut-off, March goes, May stays.
    expect(await app.watchAt(forgetter, jul!, '2026-08-02T12:00:00.000Z')).toEqual([may, jul]);
    expect(await app.history(forgetter)).toEqual([may, jul]);

    // "off" keeps everything, however old, whatever the user writes.
    await app.watchAt(keeper, jul!, '2029-01-01T12:00:00.000Z');
    expect((await keeper.request<any>('PUT', '/user/settings', { historyPaused: true })).status).toBe(200);
    expect(await app.history(keeper)).toEqual([jan, mar, jul]);

    // The timeline says it happened, and undo walks past it to the user's own last action.
    const types = (await forgetter.get('/user/activity?limit=100')).body.activity.map((a: { type: string }) => a.type);
    expect(types.filter((type: string) => type === 'HistoryEntriesExpired')).toHaveLength(2);
    const undo = await forgetter.post('/user/undo');
    expect({ status: undo.status, type: undo.body.undone?.type, video: undo.body.undone?.video?._id }).toEqual({
      status: 200,
      type: 'VideoWatched',
      video: jul,
    });
    expect(await app.history(forgetter)).toEqual([may]);
  });

  test('the projector’s sweep removes old entries without a write of the user’s, keeps newer ones, and a second sweep changes nothing', async () => {
    const [{ client: short }, { client: long }, { client: off }] = [
      await app.newUser('Short'),
      await app.newUser('Long'),
      await app.newUser('Off'),
    ];
    const [a, b, c] = [0, 1, 2].map(app.video);
    for (const user of [short, long, off]) {
      await app.watchAt(user, a!, '2026-01-15T12:00:00.000Z');
      await app.watchAt(user, b!, '2026-06-15T12:00:00.000Z');
      await app.watchAt(user, c!, '2026-09-15T12:00:00.000Z');
    }
    // 3 months before 2026-09-10 is 2026-06-10: January goes at once, June stays for now.
    await app.setRetention(short, 3, '2026-09-10T12:00:00.000Z');
    await app.setRetention(long, 18, '2026-09-10T12:00:00.000Z');
    expect(await app.history(short)).toEqual([b, c]);

    // 2026-10-20: 3 months back is 2026-07-20 (June goes for Short); 18 months back keeps all of Long's.
    const first = await app.sweep('2026-10-20T12:00:00.000Z');
    expect(first.entries).toBeGreaterThanOrEqual(1);
    expect(await app.history(short)).toEqual([c]);
    expect(await app.history(long)).toEqual([a, b, c]);
    expect(await app.history(off)).toEqual([a, b, c]);
    const again = await app.sweep('2026-10-20T12:00:00.000Z');
    expect(again).toEqual({ users: again.users, entries: 0 });

    // A year and a half later Long's January entry is older than 18 months; "off" still keeps all.
    await app.sweep('2027-07-16T12:00:00.000Z');
    expect(await app.history(long)).toEqual([b, c]);
    expect(await app.history(short)).toEqual([]);
    expect(await app.history(off)).toEqual([a, b, c]);
  });

  test('time-travel shows the entries until they expired; the export has what is left and the setting; an import honours it', async () => {
    const { client, userId } = await app.newUser('Traveller');
    const [a, b] = [0, 1].map(app.video);
    await app.watchAt(client, a!, '2026-01-01T12:00:00.000Z');
    await app.watchAt(client, b!, '2026-06-01T12:00:00.000Z');
    await nextMillisecond();
    const beforeExpiry = new Date().toISOString();
    await nextMillisecond();
    await app.setRetention(client, 3, '2026-06-10T12:00:00.000Z');
    const asOf = async (iso: string) => ids((await client.get(`/user/library?asOf=${encodeURIComponent(iso)}`)).body.history);
    expect(await asOf(beforeExpiry)).toEqual([a, b]);
    expect(await asOf(new Date().toISOString())).toEqual([b]);
    // The event records the cut-off it applied, from the app's clock.
    const stored = (await app.server.store.readStream(`history-${userId}`)).find((e) => e.type === 'HistoryEntriesExpired');
    expect(stored?.data).toEqual({ userId, before: '2026-03-10T12:00:00.000Z', retention: 3, videoIds: [a] });

    const exported = (await client.get('/user/export')).body;
    expect(exported.settings).toEqual({ historyPaused: false, historyRetention: 3 });
    expect(exported.history).toEqual([{ videoId: b, watchedAt: '2026-06-01T12:00:00.000Z' }]);

    // Into another account: the setting comes along, and an entry older than it is not recorded.
    const { client: other } = await app.newUser('Importer');
    const old = { videoId: a, watchedAt: '2025-01-01T00:00:00.000Z' };
    const res = await other.post('/user/import', { ...exported, history: [old, ...exported.history] });
    expect({ status: res.status, history: res.body.imported?.history }).toEqual({ status: 200, history: 1 });
    expect((await other.get('/user/settings')).body.settings).toEqual({ historyPaused: false, historyRetention: 3 });
    expect(await app.history(other)).toEqual([b]);
    // A bad value in a document is refused as a whole.
    const refused = await other.post('/user/import', { ...exported, settings: { historyPaused: false, historyRetention: 4 } });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { errors: ['settings.historyRetention must be "off", 3, 18 or 36 (months)'] },
    });
  });

  test('a full replay after a sweep gives exactly the read model there was, whatever the clock says at the replay', async () => {
    const users = [await app.newUser('Replayed'), await app.newUser('Replayed'), await app.newUser('Replayed')];
    for (const [i, { client }] of users.entries()) {
      await app.watchAt(client, app.video(i), '2026-02-01T12:00:00.000Z');
      await app.setRetention(client, ([3, 18, 'off'] as const)[i], '2026-03-01T12:00:00.000Z');
      // 3 months back is exactly February's watch: not older, so it stays until the sweep.
      await app.watchAt(client, app.video(i + 3), '2026-05-01T12:00:00.000Z');
    }
    expect((await app.sweep('2026-06-01T12:00:00.000Z')).entries).toBeGreaterThanOrEqual(1);
    expect(await app.history(users[0]!.client)).toEqual([app.video(3)]);
    const userIds = users.map((user) => user.userId);
    const model = () => app.server.app.get<ReadModel>(READ_MODEL);
    const before = await snapshot(model(), userIds);
    // Years later: a replay folds what the events say was removed, not what would be removed today.
    clock.set('2040-01-01T00:00:00.000Z');
    const store = openAppStore(app.server.dataDir);
    const { model: rebuilt } = await rebuildInMemory(store);
    await store.close();
    expect({ ...(await snapshot(rebuilt, userIds)), checkpoint: undefined }).toEqual({ ...before, checkpoint: undefined });
    if (!app.redis) {
      // The embedded model is rebuilt from the log at every start.
      await app.server.close();
      await app.start();
      expect(await snapshot(model(), userIds)).toEqual(before);
    } else {
      // `npm run replay`: a new namespace built from the first event, then every reader switched to it.
      const admin = connectRedis(app.redis.target);
      try {
        await replay({ store: app.server.store, redis: admin, prefix: app.redis.prefix, leaseTtlMs: 1000, log: () => undefined });
        expect(await snapshot(new RedisReadModel(admin, { prefix: app.redis.prefix }), userIds)).toEqual(before);
      } finally {
        admin.disconnect();
      }
      model().refreshNamespace?.();
    }
    // Served as before (a restarted app listens on a new port).
    expect(await app.history(new ApiClient(app.server.url, users[0]!.client.token))).toEqual([app.video(3)]);
  });
});
