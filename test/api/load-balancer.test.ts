import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { parseClusterNodes } from '../../backend/src/shared/redis-connection';
import { ApiClient, ApiResponse } from '../support/api-client';
import { LoadBalancer, nginxBinary, startNginx } from '../support/load-balancer';
import { openStream } from '../support/live-stream';
import { openAppStore } from '../support/app-store';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { TestRedisCluster, startRedisCluster } from '../support/redis-cluster';
import { ServerProcess, ensureBuilt, startServerProcess } from '../support/server-process';

/**
 * The scale-out acceptance (README, "Past one machine"), short: 3 API instances behind nginx (Debian's, started here), P = 3
 * projection partitions, a 3-master Redis Cluster. Clients create playlists (a unique title per write,
 * an Idempotency-Key per write, retried with the same key on 502/503/409) through the balancer while one
 * instance is SIGKILLed and slots of one master migrate to another (`redis-cli --cluster reshard`). Then:
 * every acknowledged write is there exactly once (an unacknowledged one at most once), every write was
 * read back at once through the balancer (read-your-writes through any instance), and the read model
 * equals a full rebuild. The 30 s, 10-client version: `npm run bench:scale-out` (same test, env below).
 */
const SECONDS = Number(process.env.SCALE_OUT_SECONDS ?? 5);
const CLIENTS = Number(process.env.SCALE_OUT_CLIENTS ?? 4);
const RESHARD_SLOTS = Number(process.env.SCALE_OUT_RESHARD_SLOTS ?? 1000);
const TTL_MS = 1000;
const LOGIN_LIMIT = 10;

const nginx = nginxBinary();
if (!nginx) console.log('Skipping the load-balancer suite: nginx is not installed (apt-get install -y nginx; .ci/run installs it)');
const describeWithNginx = nginx ? describe : describe.skip;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Attempt {
  readonly title: string;
  acked: boolean;
}

interface Client {
  readonly api: ApiClient;
  readonly userId: string;
  readonly attempts: Attempt[];
  /** Titles the balancer's answers showed after an acknowledged write, when they missed one acknowledged before. */
  readonly missedReads: string[];
  answers202: number;
  retries: number;
}

/** A request through the balancer; a dropped connection reads as a 502. */
async function call(api: ApiClient, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse> {
  return api.request(method, path, body, headers).catch(() => ({ status: 502, body: undefined, headers: new Headers() }) as ApiResponse);
}

const titlesOf = (res: ApiResponse): string[] => (res.body?.playlists ?? []).map((p: { title: string }) => p.title);

async function write(c: Client, n: number, until: number): Promise<void> {
  const attempt: Attempt = { title: `w${n}-${randomUUID().slice(0, 8)}`, acked: false };
  c.attempts.push(attempt);
  const key = { 'idempotency-key': randomUUID() };
  // A write whose instance died holding its key's claim stays "in progress" (409) for a minute: given up.
  const giveUpAt = Math.max(until, Date.now()) + 5_000;
  for (;;) {
    const res = await call(c.api, 'POST', '/user/playlists', { playlist: { title: attempt.title } }, key);
    if (res.status === 201 || res.status === 202) {
      attempt.acked = true;
      if (res.status === 202) c.answers202++;
      break;
    }
    if (![502, 503, 504, 409].includes(res.status)) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
    if (Date.now() > giveUpAt) return;
    c.retries++;
    await sleep(100);
  }
  // Read back through the balancer (another instance, round robin): every acknowledged title is there.
  for (;;) {
    const res = await call(c.api, 'GET', '/user/playlists');
    if (res.status === 200) {
      const seen = new Set(titlesOf(res));
      const missing = c.attempts.filter((a) => a.acked && !seen.has(a.title)).map((a) => a.title);
      if (missing.length > 0 && c.answers202 === 0) c.missedReads.push(...missing);
      return;
    }
    await sleep(100);
  }
}

describeWithNginx('3 instances behind nginx, 3 partitions, a Redis Cluster', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-lb-'));
  let cluster: TestRedisCluster;
  const servers: ServerProcess[] = [];
  let balancer: LoadBalancer | undefined;
  const held = async (s: ServerProcess): Promise<number[]> => (await new ApiClient(s.url).get('/health')).body.projector?.partitions ?? [];

  beforeAll(async () => {
    ensureBuilt();
    cluster = await startRedisCluster();
    const env = {
      DATA_DIR: dataDir,
      REDIS_CLUSTER_NODES: cluster.nodes,
      REDIS_KEY_PREFIX: cluster.prefix,
      PROJECTION_PARTITIONS: '3',
      PROJECTOR_LEASE_TTL_MS: String(TTL_MS),
      READ_YOUR_WRITES_TIMEOUT_MS: '5000',
      LOGIN_LIMIT_PER_EMAIL: String(LOGIN_LIMIT),
      // A fast machine writes more than a user's 200 playlists (the cap of SECURITY.md §5, its own suite) in the run.
      MAX_PLAYLISTS_PER_USER: '100000',
    };
    // Every instance that did start is kept for afterAll to stop, even when another failed to start.
    const starts = await Promise.allSettled([0, 1, 2].map(() => startServerProcess(env, 60_000)));
    for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    balancer = await startNginx(servers.map((s) => s.url));
    for (let wait = 0; wait < 100; wait++) {
      if ((await Promise.all(servers.map(held))).every((p) => p.length === 1)) break;
      await sleep(100);
    }
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Needs the login limiter shared through Redis (SECURITY.md §5, "Where the counts live"): with a limiter
  // per process, 3 instances allow 3 × the limit.
  test(`40 wrong logins spread over the 3 instances: 429 after ${LOGIN_LIMIT}, not 3 × ${LOGIN_LIMIT}`, async () => {
    const front = new ApiClient(balancer!.url);
    const { email } = await front.signUpUser('Guess');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await front.post('/auth/login', { email, password: `wrong-${i}` })).status);
    expect(statuses.slice(0, LOGIN_LIMIT).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(LOGIN_LIMIT)).toEqual(Array(40 - LOGIN_LIMIT).fill(429));
  });

  // docs/design/live-updates.md, "Behind a proxy": nginx passes each message as it is written, and a change
  // made through any instance reaches the streams held on every instance (each follows the whole log).
  test('a change made through nginx reaches the user’s streams held through nginx on each instance', async () => {
    const front = new ApiClient(balancer!.url);
    const { client } = await front.signUpUser('Live');
    // Round robin: three streams land on the three instances.
    const streams = await Promise.all([0, 1, 2].map(() => openStream(balancer!.url, '/user/changes', { authorization: client.token! })));
    try {
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
      expect(streams[0]!.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const videoId = (await front.get('/videos')).body.videos[0]._id;
      expect((await client.post('/user/likes', { video: { _id: videoId } })).status).toBe(201);
      const heard = await Promise.all(
        streams.map((stream, k) => stream.next(`the like on stream ${k} through nginx`, (m) => m.data.type === 'VideoLiked', 2000)),
      );
      expect(new Set(heard.map((message) => message.id)).size).toBe(1);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  test(
    `${CLIENTS} clients for ${SECONDS} s; an instance SIGKILLed and ${RESHARD_SLOTS} slots resharded mid-run`,
    async () => {
      const front = new ApiClient(balancer!.url);
      const clients: Client[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        const { client, userId } = await front.signUpUser(`Lb${i}`);
        clients.push({ api: client, userId, attempts: [], missedReads: [], answers202: 0, retries: 0 });
      }

      const started = Date.now();
      const until = started + SECONDS * 1000;
      const load = Promise.all(
        clients.map(async (c) => {
          for (let n = 0; Date.now() < until; n++) await write(c, n, until);
        }),
      );
      await sleep((SECONDS * 1000) / 3);
      const victim = servers[1]!;
      await victim.kill('SIGKILL');
      const killedAt = Date.now() - started;
      await sleep(Math.max(0, (SECONDS * 1000) / 2 - (Date.now() - started)));
      const reshardStart = Date.now();
      await cluster.reshard(cluster.ports[0]!, cluster.ports[1]!, RESHARD_SLOTS);
      const reshardMs = Date.now() - reshardStart;
      await load;

      const survivors = servers.filter((s) => s !== victim);
      const writes = clients.flatMap((c) => c.attempts);
      const acked = writes.filter((a) => a.acked).length;
      console.log(
        `scale-out: ${CLIENTS} clients, ${SECONDS} s: ${acked} of ${writes.length} writes acknowledged ` +
          `(${((acked / (Date.now() - started)) * 1000).toFixed(1)}/s), ${clients.reduce((n, c) => n + c.retries, 0)} retries, ` +
          `${clients.reduce((n, c) => n + c.answers202, 0)} answered 202; instance killed at ${killedAt} ms; ` +
          `${RESHARD_SLOTS} slots resharded in ${reshardMs} ms`,
      );
      expect(acked).toBeGreaterThan(0);
      expect(clients.flatMap((c) => c.missedReads)).toEqual([]);

      // The survivors project every partition between them.
      let partitions: number[] = [];
      for (let wait = 0; wait < 100 && partitions.length < 3; wait++) {
        partitions = (await Promise.all(survivors.map(held))).flat().sort();
        if (partitions.length < 3) await sleep(100);
      }
      expect(partitions).toEqual([0, 1, 2]);

      // Read as the app reads it (personal fields opened with the data dir's keys), as a rebuild would.
      const store = openAppStore(dataDir);
      const live = RedisReadModel.connect({ clusterNodes: parseClusterNodes(cluster.nodes) }, { prefix: cluster.prefix, partitions: 3 });
      try {
        const { model: rebuilt, userIds } = await rebuildInMemory(store);
        // Exactly once: an acknowledged title once, an unacknowledged one at most once, nothing else.
        for (const c of clients) {
          const titles = (await rebuilt.playlists(c.userId)).map((p) => p.title);
          const count = (title: string) => titles.filter((t) => t === title).length;
          for (const a of c.attempts) expect([a.title, count(a.title)]).toEqual([a.title, a.acked ? 1 : count(a.title) > 0 ? 1 : 0]);
          expect(titles.every((t) => c.attempts.some((a) => a.title === t))).toBe(true);
        }
        const expected = await snapshot(rebuilt, userIds);
        let actual = await snapshot(live, userIds);
        // Up to 30 s: a partition whose batches failed while its slots moved retries with a backoff that
        // doubles up to 5 s (projector.ts), so it may resume a few seconds after the reshard ended.
        for (let wait = 0; wait < 300 && actual.checkpoint !== expected.checkpoint; wait++) {
          await sleep(100);
          actual = await snapshot(live, userIds);
        }
        if (actual.checkpoint !== expected.checkpoint) {
          // Why a partition did not catch up is in the instances' own lines (projector errors, leases).
          for (const server of survivors)
            console.log(`instance ${server.url}, last lines:\n${server.output().split('\n').slice(-40).join('\n')}`);
        }
        expect(actual).toEqual(expected);
      } finally {
        await live.close();
        await store.close();
      }
    },
    120_000 + SECONDS * 1000,
  );
});
