import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { streams } from '../../backend/src/events/app-events';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { openAppStore } from '../support/app-store';
import { startRedis } from '../support/redis-server';
import { MAIN, ensureBuilt, startServerProcess } from '../support/server-process';

/**
 * Faults in the projection path. Three clients like and unlike videos sequentially while the
 * fault happens; the API itself stays up, so every write ends acknowledged or rejected. After
 * the run, for every user: the final list is exactly the list of their last acknowledged answer
 * (nothing lost), the likes stream holds one event per acknowledged write (nothing doubled), and
 * the read model equals a full rebuild of the store.
 */
const CLIENTS = 3;
const LOAD_MS = 2500;

interface Client {
  readonly api: ApiClient;
  readonly userId: string;
  acknowledged: number;
  lastList: string[];
}

async function load(clients: Client[], videos: string[], stopAfterMs: number): Promise<void> {
  const until = Date.now() + stopAfterMs;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) {
        const video = videos[Math.floor(Math.random() * videos.length)]!;
        const res = c.lastList.includes(video)
          ? await c.api.delete(`/user/likes/${video}`)
          : await c.api.post('/user/likes', { video: { _id: video } });
        if (res.status === 200 || res.status === 201) {
          c.acknowledged++;
          c.lastList = res.body.likes.map((v: { _id: string }) => v._id);
        }
      }
    }),
  );
}

async function verify(
  scenario: string,
  clients: Client[],
  storeFile: string,
  redisUrl: string,
  prefix: string,
  settle: () => Promise<void>,
) {
  await settle();
  // As the app reads it: the profiles are sealed in the file, and the live model holds them opened.
  const store = openAppStore(dirname(storeFile));
  const live = RedisReadModel.connect(redisUrl, { prefix });
  try {
    let lost = 0;
    let doubled = 0;
    for (const c of clients) {
      const final = (await c.api.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id);
      if (JSON.stringify(final) !== JSON.stringify(c.lastList)) lost++;
      if (new Set(final).size !== final.length) doubled++;
      const events = await store.readStream(streams.likes(c.userId));
      doubled += Math.max(0, events.length - c.acknowledged);
      lost += Math.max(0, c.acknowledged - events.length);
    }
    const checked = clients.reduce((n, c) => n + c.acknowledged, 0);
    console.log(`${scenario}: ${checked} acknowledged writes checked, ${lost} lost, ${doubled} doubled`);
    expect(checked).toBeGreaterThan(0);
    expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
    const { model: rebuilt, userIds } = await rebuildInMemory(store);
    expect(await snapshot(live, userIds)).toEqual(await snapshot(rebuilt, userIds));
  } finally {
    await live.close();
    await store.close();
  }
}

async function signUp(url: string, n: number): Promise<Client[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const { client, userId } = await new ApiClient(url).signUpUser('Fault');
      return { api: client, userId, acknowledged: 0, lastList: [] };
    }),
  );
}

function startProjector(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN.replace(/main\.js$/, 'projector.main.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`projector did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Projector running')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`projector exited with ${code}:\n${output}`)));
  });
}

test('the projector process killed mid-load: a new one resumes from the checkpoint, nothing lost or doubled', async () => {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-projector-kill-'));
  const redis = await startRedis({ spawn: true });
  const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, PROJECTOR_LEASE_TTL_MS: '1000' };
  let projector = await startProjector(env);
  const api = await startServerProcess({ ...env, PROJECTOR: 'off' });
  try {
    expect((await new ApiClient(api.url).get('/health')).body.projector.role).toBe('off');
    const clients = await signUp(api.url, CLIENTS);
    const videos: string[] = (await clients[0]!.api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    const running = load(clients, videos, LOAD_MS);
    await new Promise((r) => setTimeout(r, 700));
    projector.kill('SIGKILL'); // wherever it is: between reading a batch and applying it, or mid-apply
    await new Promise((r) => setTimeout(r, 300));
    projector = await startProjector(env);
    await running;
    await verify('projector SIGKILL', clients, join(dataDir, 'events.sqlite'), redis.url, redis.prefix, async () => undefined);
  } finally {
    projector.kill('SIGKILL');
    await api.kill('SIGKILL');
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the read model flushed under load: it is rebuilt from the event store and reads recover', async () => {
  const redis = await startRedis({ spawn: true });
  const server = await startApp({ redisUrl: redis.url, redisPrefix: redis.prefix, env: { PROJECTOR_LEASE_TTL_MS: '1000' } });
  const admin = new Redis(redis.url);
  try {
    const clients = await signUp(server.url, CLIENTS);
    const videos: string[] = (await clients[0]!.api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    const running = load(clients, videos, LOAD_MS);
    await new Promise((r) => setTimeout(r, 800));
    await admin.flushall();
    await running;
    const head = (await server.store.headPosition())!.toString();
    await verify('Redis FLUSHALL', clients, join(server.dataDir, 'events.sqlite'), redis.url, redis.prefix, async () => {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (await new ApiClient(server.url).get('/health')).body.readModel.position !== head) {
        await new Promise((r) => setTimeout(r, 100));
      }
    });
  } finally {
    admin.disconnect();
    await server.close();
    await redis.stop();
  }
});
