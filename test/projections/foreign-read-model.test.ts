import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { ApiClient } from '../support/api-client';
import { TestRedis, startRedis } from '../support/redis-server';
import { ServerProcess, ensureBuilt, startServerProcess } from '../support/server-process';

/**
 * A Redis read model that belongs to another event store, or to a later state of this one (a
 * store restored from a backup), is detected at start, said in one line, and rebuilt into a fresh
 * namespace: a new user's signup and every route after it work, never a 201 followed by 404s.
 */
const REBUILD_LINE = /Read model does not follow this event store: (.*)/g;

async function likeAndReadBack(api: ApiClient, video: string): Promise<void> {
  const { client } = await api.signUpUser('Newcomer');
  const liked = await client.post('/user/likes', { video: { _id: video } });
  expect(liked.status).toBe(201);
  expect(liked.body.likes.map((v: { _id: string }) => v._id)).toEqual([video]);
  expect((await client.get('/user/likes')).status).toBe(200);
  expect((await client.get('/user/playlists')).status).toBe(200);
  expect((await client.post('/user/playlists', { playlist: { title: 'Mine' } })).status).toBe(201);
}

function rebuildLines(server: ServerProcess): string[] {
  return [...server.output().matchAll(REBUILD_LINE)].map((m) => m[1]!);
}

describe('a read model of another store, or ahead of this one, is rebuilt at start', () => {
  let redis: TestRedis;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const dir = () => {
    const made = mkdtempSync(join(tmpdir(), 'techtube-foreign-'));
    dirs.push(made);
    return made;
  };
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, LOG_FORMAT: 'json', ...env });
    servers.push(server);
    return server;
  };

  beforeAll(() => ensureBuilt());
  beforeEach(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
    await redis.stop();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  test('an instance on a fresh event store with the Redis read model of another store serves a new user', async () => {
    const first = await start({ DATA_DIR: dir() });
    const api = new ApiClient(first.url);
    const videos: string[] = (await api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    for (let i = 0; i < 3; i++) {
      const { client } = await api.signUpUser('Old');
      for (const id of videos.slice(0, 4)) expect((await client.post('/user/likes', { video: { _id: id } })).status).toBe(201);
    }
    const oldCheckpoint = BigInt((await api.get('/health')).body.readModel.position);
    await first.kill('SIGTERM');

    const fresh = await start({ DATA_DIR: dir() });
    const freshApi = new ApiClient(fresh.url);
    await likeAndReadBack(freshApi, videos[5]!);
    const lines = rebuildLines(fresh);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/built from another event store/);
    const health = await freshApi.get('/health');
    expect(health.body).toMatchObject({ status: 'ok', projector: { lag: 0 } });
    expect(BigInt(health.body.readModel.position)).toBeLessThan(oldCheckpoint);
    // The next start finds the model it built and keeps it.
    await fresh.kill('SIGTERM');
    const again = await start({ DATA_DIR: dirs[1]! });
    expect((await new ApiClient(again.url).get('/health')).body).toMatchObject({ status: 'ok', projector: { lag: 0 } });
    expect(rebuildLines(again)).toEqual([]);
  });

  test('a read model from before store ids (none recorded) whose checkpoint is past a fresh store head is rebuilt too', async () => {
    const first = await start({ DATA_DIR: dir() });
    const api = new ApiClient(first.url);
    const videos: string[] = (await api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    const { client } = await api.signUpUser('Old');
    for (const id of videos.slice(0, 6)) expect((await client.post('/user/likes', { video: { _id: id } })).status).toBe(201);
    await first.kill('SIGTERM');
    const raw = new Redis(redis.url);
    try {
      const removed = await raw.del(...(await raw.keys(`${redis.prefix}:*:store-id`)));
      expect(removed).toBe(1);
    } finally {
      raw.disconnect();
    }

    const fresh = await start({ DATA_DIR: dir() });
    await likeAndReadBack(new ApiClient(fresh.url), videos[7]!);
    const lines = rebuildLines(fresh);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/past the event store's head/);
  });

  test('an event store restored to an older position: rebuilt, and new signups and likes are served', async () => {
    const dataDir = dir();
    const backup = join(dir(), 'events-backup.sqlite');
    const first = await start({ DATA_DIR: dataDir });
    const api = new ApiClient(first.url);
    const videos: string[] = (await api.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    const kept = await api.signUpUser('Kept');
    expect((await kept.client.post('/user/likes', { video: { _id: videos[0] } })).status).toBe(201);
    // An online backup, as an operator would take one.
    const source = new Database(join(dataDir, 'events.sqlite'), { readonly: true });
    source.exec(`VACUUM INTO '${backup}'`);
    source.close();
    const lost = await api.signUpUser('Later');
    for (const id of videos.slice(1, 6)) expect((await lost.client.post('/user/likes', { video: { _id: id } })).status).toBe(201);
    expect((await kept.client.post('/user/likes', { video: { _id: videos[6] } })).status).toBe(201);
    await first.kill('SIGTERM');

    // Restore: the backup replaces the store (its id is the same; its head is older than the read model's checkpoint).
    rmSync(join(dataDir, 'events.sqlite-wal'), { force: true });
    rmSync(join(dataDir, 'events.sqlite-shm'), { force: true });
    copyFileSync(backup, join(dataDir, 'events.sqlite'));
    const restored = await start({ DATA_DIR: dataDir });
    const restoredApi = new ApiClient(restored.url);
    const lines = rebuildLines(restored);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/past the event store's head/);
    // The read model is the store's again: the kept user's likes as of the backup.
    const keptLikes = await new ApiClient(restored.url, kept.client.token).get('/user/likes');
    expect(keptLikes.status).toBe(200);
    expect(keptLikes.body.likes.map((v: { _id: string }) => v._id)).toEqual([videos[0]]);
    await likeAndReadBack(restoredApi, videos[8]!);
    expect((await restoredApi.get('/health')).body).toMatchObject({ status: 'ok', projector: { lag: 0 } });
  });
});
