import Database from 'better-sqlite3';
import Redis from 'ioredis';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EventStore } from '../../backend/src/event-store/event-store.port';
import { READ_MODEL, ReadModel } from '../../backend/src/read-model/read-model.port';
import { userIdForEmail } from '../../backend/src/shared/user-id';
import { ApiClient, ApiResponse } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { readLists } from '../support/library-actions';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';
import { startRedis, TestRedis } from '../support/redis-server';
import { withoutCounts } from '../support/without-counts';

const NOT_REGISTERED = 'The email you entered is not Registered. Not Found error';
const INVALID_TOKEN = 'The token is invalid. Unauthorized access error.';
const PASSWORD = 'erase-me-please-42';

/** Every file under `dir` (SQLite databases, their -wal and -shm, secrets), recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Where `needle` occurs in the bytes, ignoring ASCII case: `file (offset)` for each hit. */
function hits(haystacks: ReadonlyMap<string, Buffer>, needle: string): string[] {
  const wanted = Buffer.from(needle.toLowerCase(), 'utf8');
  const found: string[] = [];
  for (const [name, bytes] of haystacks) {
    const lower = Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1');
    const at = lower.indexOf(wanted);
    if (at >= 0) found.push(`${name} (offset ${at})`);
  }
  return found;
}

/** Every key of the Redis server, each with `read(key)` (a DUMP, or its value), by key name. */
async function readEveryKey(url: string, read: (redis: Redis, key: string) => Promise<Buffer>): Promise<Map<string, Buffer>> {
  const redis = new Redis(url);
  try {
    const values = new Map<string, Buffer>();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
      for (const key of keys) values.set(key, await read(redis, key));
      cursor = next;
    } while (cursor !== '0');
    return values;
  } finally {
    redis.disconnect();
  }
}

/** Every key DUMPed (the value as Redis would persist it). */
const dumpAll = (url: string) =>
  readEveryKey(url, async (redis, key) =>
    Buffer.concat([Buffer.from(key), Buffer.from(' '), (await redis.dumpBuffer(key)) ?? Buffer.alloc(0)]),
  );

/**
 * Every value of the Redis server read as its type (GET, HGETALL, ZRANGE, SMEMBERS, LRANGE, XRANGE),
 * by key name: DUMP compresses long values (LZF), so a byte search of dumps alone could miss a name.
 */
const readAll = (url: string) =>
  readEveryKey(url, async (redis, key) => {
    const type = await redis.type(key);
    const parts: (string | Buffer)[] =
      type === 'string'
        ? [(await redis.getBuffer(key)) ?? '']
        : type === 'hash'
          ? Object.entries(await redis.hgetallBuffer(key)).flat()
          : type === 'zset'
            ? await redis.zrangeBuffer(key, 0, -1)
            : type === 'set'
              ? await redis.smembersBuffer(key)
              : type === 'list'
                ? await redis.lrangeBuffer(key, 0, -1)
                : type === 'stream'
                  ? [JSON.stringify(await redis.xrange(key, '-', '+'))]
                  : [];
    return Buffer.concat(parts.map((part) => Buffer.from(part)));
  });

type Variant = 'memory read model, SQLite key store' | 'Redis read model, Redis key store';
const VARIANTS: Variant[] = ['memory read model, SQLite key store', 'Redis read model, Redis key store'];

describe.each(VARIANTS)('DELETE /api/user on the %s', (variant) => {
  let redis: TestRedis | undefined;
  let server: RunningApp;
  let guest: ApiClient;
  let videoIds: string[];

  beforeAll(async () => {
    if (variant.startsWith('Redis')) redis = await startRedis({ spawn: true });
    server = await startApp({
      ...(redis && { redisUrl: redis.url, redisPrefix: redis.prefix, env: { KEY_STORE_URL: redis.url, LIBRARY_CHECKPOINT_EVERY: '2' } }),
      ...(!redis && { env: { LIBRARY_CHECKPOINT_EVERY: '2' } }),
    });
    guest = new ApiClient(server.url);
    videoIds = (await guest.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
  });
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  const everything = async () => {
    const bytes = new Map<string, Buffer>(filesUnder(server.dataDir).map((file) => [file, readFileSync(file)]));
    if (redis) for (const [key, dump] of await dumpAll(redis.url)) bytes.set(`redis ${key}`, dump);
    if (redis) for (const [key, value] of await readAll(redis.url)) bytes.set(`redis value ${key}`, value);
    return bytes;
  };

  test('a profile and a password changed with Idempotency-Keys: after the erasure no stored answer holds the email or a name', async () => {
    const email = `Keyed.Erasable-${Math.random().toString(36).slice(2, 8)}@Example.com`;
    const signup = await guest.post('/auth/signup', { email, password: PASSWORD, firstName: 'Wilhelmina', lastName: 'Zeppelinova' });
    let user = guest.withToken(signup.body.encodedToken);
    const key = (name: string) => ({ 'idempotency-key': `${name}-${Math.random().toString(36).slice(2)}` });
    const profileKey = key('profile');
    const profile = await user.request('PATCH', '/user/profile', { firstName: 'Winifred', lastName: 'Zanzibarova' }, profileKey);
    expect(profile).toMatchObject({ status: 200, body: { user: { firstName: 'Winifred', email: email.toLowerCase() } } });
    // The kept answer is replayed (to the same, still valid token) with the profile as it is.
    const replayed = await user.request('PATCH', '/user/profile', { firstName: 'Winifred', lastName: 'Zanzibarova' }, profileKey);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(profile.body);
    const changed: ApiResponse = await user.request(
      'POST',
      '/user/password',
      { currentPassword: PASSWORD, newPassword: 'a-new-secret-77' },
      key('pw'),
    );
    expect(changed.status).toBe(200);
    user = guest.withToken(changed.body.encodedToken);
    await user.request('POST', '/user/likes', { video: { _id: videoIds[0] } }, key('like'));

    const deleted = await user.request('DELETE', '/user', { password: 'a-new-secret-77' }, key('delete'));
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    const after = await everything();
    // The search finds what is there: the stored answer of the delete itself is kept, under the user's id.
    expect(hits(after, 'deleted').length).toBeGreaterThan(0);
    for (const needle of [email, 'Wilhelmina', 'Zeppelinova', 'Winifred', 'Zanzibarova', 'a-new-secret-77', changed.body.encodedToken]) {
      expect({ needle, found: hits(after, needle) }).toEqual({ needle, found: [] });
    }
  });

  test('erases the person: nothing readable is left, the token is refused, the email is free again; others are untouched', async () => {
    const email = `Zebulon.Erasable-${Math.random().toString(36).slice(2, 8)}@Example.com`;
    const signup = await guest.post('/auth/signup', { email, password: PASSWORD, firstName: 'Zebulonius', lastName: 'Quixotefield' });
    expect(signup.status).toBe(201);
    const userId: string = signup.body.createdUser._id;
    const user = guest.withToken(signup.body.encodedToken);
    const bystander = await guest.signUpUser('Bystander');
    for (const c of [user, bystander.client]) {
      await c.post('/user/likes', { video: { _id: videoIds[0] } });
      await c.post('/user/history', { video: { _id: videoIds[1] } });
      await c.post('/user/watchlater', { video: { _id: videoIds[2] } });
      const playlist = (await c.post('/user/playlists', { playlist: { title: 'Desk' } })).body.playlists[0];
      await c.post(`/user/playlists/${playlist._id}`, { video: { _id: videoIds[3] } });
    }
    const bystanderBefore = await readLists(bystander.client);
    const bystanderActivity = (await bystander.client.get('/user/activity?limit=100')).body;
    // The hash as the app reads it (the store holds it sealed): it must not survive anywhere either.
    const store: EventStore = server.store;
    const passwordHash = ((await store.readStream(`user-${userId}`))[0]!.data as { passwordHash: string }).passwordHash;
    expect(passwordHash).toMatch(/^scrypt\$/);
    // Before: the email and names are nowhere in plain text either (they are sealed), so the search can only pass vacuously…
    // (but for the Redis read model's profile of the user, which serves the name, read by type)
    const profileKey = `{${userId}}:user `;
    expect(hits(await everything(), 'Zebulonius').filter((hit) => !(hit.startsWith('redis value') && hit.includes(profileKey)))).toEqual(
      [],
    );
    // …unless the search itself is broken: it finds what is written in plain text (the user id in stream names).
    expect(hits(await everything(), userId).length).toBeGreaterThan(0);

    // A wrong password deletes nothing.
    const wrong = await user.request('DELETE', '/user', { password: 'not-the-password' });
    expect(wrong.status).toBe(403);
    expect((await user.get('/user/likes')).status).toBe(200);
    expect((await user.request('DELETE', '/user', {})).status).toBe(400);

    const deleted = await user.request('DELETE', '/user', { password: PASSWORD });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });

    // Nothing of the person is readable in DATA_DIR (SQLite files, WAL included) or in any Redis key.
    const after = await everything();
    for (const needle of [email, 'Zebulonius', 'Quixotefield', passwordHash, passwordHash.split('$').pop()!]) {
      expect({ needle, found: hits(after, needle) }).toEqual({ needle, found: [] });
    }
    // Their snapshots and library checkpoints are gone (checkpoints were made: one every 2 events).
    const cached = redis
      ? [...after.keys()].filter((k) => k.includes('snapshot') && decodeURIComponent(k).includes(userId))
      : (
          new Database(join(server.dataDir, 'snapshots.sqlite'), { readonly: true })
            .prepare('SELECT key FROM snapshots WHERE instr(key, ?) > 0')
            .all(userId) as { key: string }[]
        ).map((row) => row.key);
    expect(cached).toEqual([]);

    // The old token is refused; login finds nobody; the read model holds nothing of them.
    for (const path of ['/user/likes', '/user/playlists', '/user/activity', '/user/export']) {
      expect(await user.get(path)).toMatchObject({ status: 401, body: { errors: [INVALID_TOKEN] } });
    }
    expect(await guest.post('/auth/login', { email, password: PASSWORD })).toMatchObject({
      status: 404,
      body: { errors: [NOT_REGISTERED] },
    });
    const model = server.app.get<ReadModel>(READ_MODEL);
    expect(await model.user(userId)).toBeUndefined();
    expect(await model.playlists(userId)).toEqual([]);
    expect(await model.playlistIdsEver(userId)).toEqual([]);
    expect(await model.activity(userId, { limit: 100 })).toEqual([]);
    for (const list of ['likes', 'watchlater', 'history'] as const) expect(await model.list(userId, list)).toEqual([]);
    // Their events stay, with nothing personal readable.
    const [signedUp, accountDeleted] = await store.readStream(`user-${userId}`);
    expect(signedUp!.data).toEqual({ userId, createdAt: expect.any(String), erased: true });
    expect(accountDeleted!.type).toBe('AccountDeleted');

    // The bystander lost and gained nothing.
    expect(await readLists(bystander.client)).toEqual(bystanderBefore);
    // Their like no longer counts on the videos they liked: only the counts may differ.
    expect(withoutCounts((await bystander.client.get('/user/activity?limit=100')).body)).toEqual(withoutCounts(bystanderActivity));

    // A full replay of the log builds the same read model (the erased user stays erased).
    const { model: rebuilt, userIds } = await rebuildInMemory(store);
    expect(userIds).toContain(userId);
    expect(await snapshot(rebuilt, userIds)).toEqual(await snapshot(model, userIds));

    // The same email signs up again: a new account, a new id, empty lists.
    const again = await guest.post('/auth/signup', { email, password: 'another-password-1', firstName: 'Z' });
    expect(again.status).toBe(201);
    expect(again.body.createdUser).toMatchObject({ likes: [], history: [], watchlater: [], playlists: [] });
    expect(again.body.createdUser._id).not.toBe(userId);
    const fresh = guest.withToken(again.body.encodedToken);
    expect(await readLists(fresh)).toEqual({ likes: [], watchlater: [], history: [], playlists: [] });
    expect((await guest.post('/auth/login', { email, password: 'another-password-1' })).status).toBe(200);
  });

  test('GET /api/user/export carries the profile and the whole activity timeline, oldest first (right of access)', async () => {
    const email = `access-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const signup = await guest.post('/auth/signup', { email, password: PASSWORD, name: 'Ada King Lovelace', username: 'ada' });
    const client = guest.withToken(signup.body.encodedToken);
    for (const id of videoIds.slice(0, 3)) await client.post('/user/likes', { video: { _id: id } });
    await client.delete(`/user/likes/${videoIds[1]}`);
    await client.post('/user/playlists', { playlist: { title: 'Kept' } });
    const body = (await client.get('/user/export')).body;
    expect(body.profile).toEqual({
      _id: signup.body.createdUser._id,
      email,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      name: 'Ada King Lovelace',
      username: 'ada',
      createdAt: expect.any(String),
    });
    const timeline = (await client.get('/user/activity?limit=100')).body.activity.reverse();
    expect(body.activity.map((e: { position: string; type: string }) => [e.position, e.type])).toEqual(
      timeline.map((e: { position: string; type: string }) => [e.position, e.type]),
    );
    expect(body.activity.map((e: { type: string }) => e.type)).toEqual([
      'UserSignedUp',
      'VideoLiked',
      'VideoLiked',
      'VideoLiked',
      'VideoUnliked',
      'PlaylistCreated',
    ]);
    expect(body.activity[5]).toMatchObject({ playlistTitle: 'Kept', at: expect.any(String) });
  });

  test('a new account’s id is random: not the UUIDv5 of its email, nor the same for the same email twice', async () => {
    const email = `random-id-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const first = await guest.post('/auth/signup', { email, password: PASSWORD });
    const id: string = first.body.createdUser._id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id).not.toBe(userIdForEmail(email));
    await guest.withToken(first.body.encodedToken).request('DELETE', '/user', { password: PASSWORD });
    const second = await guest.post('/auth/signup', { email, password: PASSWORD });
    expect(second.body.createdUser._id).not.toBe(id);
    // The reservation is atomic: a second signup with the same email is still refused.
    expect((await guest.post('/auth/signup', { email: email.toUpperCase(), password: PASSWORD })).status).toBe(422);
  });

  test('erasure under load: 10 users writing while one deletes their account; nothing of the others lost or changed', async () => {
    const writers = await Promise.all(Array.from({ length: 10 }, (_, i) => guest.signUpUser(`Writer${i}`)));
    const leaving = await guest.post('/auth/signup', {
      email: `leaving-${Date.now()}@example.com`,
      password: PASSWORD,
      lastName: 'Leaverton',
    });
    const leaver = guest.withToken(leaving.body.encodedToken);
    const leaverId: string = leaving.body.createdUser._id;
    for (const id of videoIds.slice(0, 4)) await leaver.post('/user/likes', { video: { _id: id } });
    const expected = new Map<string, Awaited<ReturnType<typeof readLists>>>();
    const write = async ({ client, userId }: { client: ApiClient; userId: string }) => {
      const playlist = (await client.post('/user/playlists', { playlist: { title: `Mine ${userId.slice(0, 4)}` } })).body.playlists[0];
      for (const [i, id] of videoIds.entries()) {
        const answers = await Promise.all([
          client.post(i % 2 ? '/user/likes' : '/user/watchlater', { video: { _id: id } }),
          client.post(`/user/playlists/${playlist._id}`, { video: { _id: id } }),
        ]);
        for (const answer of answers) expect(answer.status).toBe(201);
      }
      expected.set(userId, {
        likes: videoIds.filter((_, i) => i % 2),
        watchlater: videoIds.filter((_, i) => !(i % 2)),
        history: [],
        playlists: [{ _id: playlist._id, title: playlist.title, videoIds }],
      });
    };
    const [deletion] = await Promise.all([
      leaver.request('DELETE', '/user', { password: PASSWORD }),
      ...writers.map((writer) => write(writer)),
    ]);
    expect(deletion.status).toBe(200);
    for (const writer of writers) {
      const { playlists, ...lists } = await readLists(writer.client);
      const { playlists: wanted, ...wantedLists } = expected.get(writer.userId)!;
      expect(lists).toEqual(wantedLists);
      expect(playlists.map(({ _id, title, videoIds: ids }) => ({ _id, title, videoIds: ids }))).toEqual(wanted);
    }
    expect((await leaver.get('/user/likes')).status).toBe(401);
    const model = server.app.get<ReadModel>(READ_MODEL);
    expect(await model.list(leaverId, 'likes')).toEqual([]);
    expect(hits(await everything(), 'Leaverton')).toEqual([]);
    const writerIds = writers.map((w) => w.userId);
    const { model: rebuilt } = await rebuildInMemory(server.store);
    expect(await snapshot(rebuilt, [...writerIds, leaverId])).toEqual(await snapshot(model, [...writerIds, leaverId]));
  });
});
