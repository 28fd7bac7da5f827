import Redis from 'ioredis';
import { ReadModelChange } from '../../backend/src/read-model/read-model.port';
import { RedisReadModel } from '../../backend/src/read-model/redis/redis-read-model';
import { CommandBatch } from '../../backend/src/read-model/redis/redis-batch';
import { describeReadModelContract } from '../contracts/read-model.contract';
import { startRedis, TestRedis } from '../support/redis-server';

let server: TestRedis;
let suffix = 0;
/** A fresh prefix per test, under the file's own prefix that server.stop() cleans up. */
const freshPrefix = () => `${server.prefix}:${++suffix}`;

beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  await server?.stop();
});

describeReadModelContract('redis', async () => {
  const model = RedisReadModel.connect(server.url, { prefix: freshPrefix() });
  return { model, dispose: () => model.close() };
});

describe('RedisReadModel', () => {
  let redis: Redis;
  beforeEach(() => {
    redis = new Redis(server.url, { maxRetriesPerRequest: 2 });
  });
  afterEach(async () => {
    await redis.quit();
  });

  const userId = 'user-42';
  const everyKindOfChange: ReadModelChange[] = [
    { op: 'putUser', user: { _id: userId, email: 'u@example.com', firstName: 'A', lastName: 'B', createdAt: 'c', updatedAt: 'u' } },
    { op: 'addToList', userId, list: 'likes', videoId: 'v1', position: 1n },
    { op: 'addToList', userId, list: 'watchlater', videoId: 'v1', position: 2n },
    { op: 'addToList', userId, list: 'history', videoId: 'v1', position: 3n },
    { op: 'putPlaylist', userId, playlist: { _id: 'p1', title: 'T' }, position: 4n },
    { op: 'addToPlaylist', userId, playlistId: 'p1', videoId: 'v2', position: 5n },
    { op: 'recordActivity', userId, entry: { position: 4n, type: 'PlaylistCreated', at: 't', playlistId: 'p1', playlistTitle: 'T' } },
  ];

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys.sort();
  }

  it('keeps every key of one user under the same {userId} hash tag', async () => {
    const prefix = freshPrefix();
    const model = new RedisReadModel(redis, { prefix });
    await model.apply(everyKindOfChange, 5n);
    // Readers follow `<prefix>:active`; with no replay yet that is the "main" namespace.
    const ns = `${prefix}:main`;
    expect(await keysUnder(prefix)).toEqual(
      [
        `${ns}:checkpoint`,
        `${ns}:{${userId}}:user`,
        `${ns}:{${userId}}:list:likes`,
        `${ns}:{${userId}}:list:watchlater`,
        `${ns}:{${userId}}:list:history`,
        `${ns}:{${userId}}:playlists`,
        `${ns}:{${userId}}:playlist:p1`,
        `${ns}:{${userId}}:playlist:p1:videos`,
        `${ns}:{${userId}}:activity`,
        `${ns}:{${userId}}:activity:entries`,
        `${ns}:{${userId}}:activity:titles`,
      ].sort(),
    );
    expect(await redis.get(`${ns}:checkpoint`)).toBe('5');
    expect(await redis.zrange(`${ns}:{${userId}}:list:likes`, 0, -1, 'WITHSCORES')).toEqual(['v1', '1']);
  });

  it('a fenced apply lands only on the checkpoint it expects; a stale projector applies nothing', async () => {
    const prefix = freshPrefix();
    const live = new RedisReadModel(redis, { prefix });
    const stale = new RedisReadModel(redis, { prefix });
    await live.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'a', position: 1n }], 1n, { expected: undefined });
    await live.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'b', position: 2n }], 2n, { expected: 1n });
    // A projector that still believes the checkpoint is 1 (it lost its lease) is refused.
    await expect(stale.apply([{ op: 'removeFromList', userId, list: 'likes', videoId: 'b' }], 2n, { expected: 1n })).rejects.toMatchObject({
      code: 'CHECKPOINT_MOVED',
      actual: 2n,
    });
    expect(await live.list(userId, 'likes')).toEqual(['a', 'b']);
    expect(await live.checkpoint()).toBe(2n);
    await Promise.all([live.close(), stale.close()]);
  });

  it('readers follow the active namespace: a pinned builder is invisible until it is activated', async () => {
    const prefix = freshPrefix();
    const reader = new RedisReadModel(redis, { prefix });
    await reader.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'old', position: 1n }], 1n);
    const builder = new RedisReadModel(redis, { prefix, namespace: 'rebuilt' });
    await builder.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'new', position: 1n }], 1n);
    expect(await reader.list(userId, 'likes')).toEqual(['old']);
    await redis.set(`${prefix}:active`, 'rebuilt');
    reader.refreshNamespace();
    expect(await reader.list(userId, 'likes')).toEqual(['new']);
    await Promise.all([reader.close(), builder.close()]);
  });

  it('isolates two instances with different prefixes on one server', async () => {
    const [a, b] = [new RedisReadModel(redis, { prefix: freshPrefix() }), new RedisReadModel(redis, { prefix: freshPrefix() })];
    await a.apply(everyKindOfChange, 5n);
    await b.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'other', position: 9n }], 9n);
    expect(await a.list(userId, 'likes')).toEqual(['v1']);
    expect(await b.list(userId, 'likes')).toEqual(['other']);
    expect(await b.user(userId)).toBeUndefined();
    expect(await b.playlists(userId)).toEqual([]);
    expect([await a.checkpoint(), await b.checkpoint()]).toEqual([5n, 9n]);
  });

  it('rejects a position beyond Number.MAX_SAFE_INTEGER and applies nothing', async () => {
    const model = new RedisReadModel(redis, { prefix: freshPrefix() });
    const tooFar = BigInt(Number.MAX_SAFE_INTEGER) + 1n;
    await expect(
      model.apply([everyKindOfChange[1], { op: 'addToList', userId, list: 'likes', videoId: 'v9', position: tooFar }], tooFar),
    ).rejects.toThrow(/MAX_SAFE_INTEGER/);
    expect(await model.list(userId, 'likes')).toEqual([]);
    expect(await model.checkpoint()).toBeUndefined();
  });

  it('close() leaves a client it was given open', async () => {
    await new RedisReadModel(redis, { prefix: freshPrefix() }).close();
    expect(await redis.ping()).toBe('PONG');
  });

  it('one batch may hold thousands of changes for one user (a replay batch of a busy user)', async () => {
    const model = new RedisReadModel(redis, { prefix: freshPrefix() });
    const positions = Array.from({ length: 6000 }, (_, i) => BigInt(i + 1));
    await model.apply(
      [
        ...positions.map((position): ReadModelChange => ({ op: 'addToList', userId, list: 'history', videoId: `v${position}`, position })),
        ...positions.map((position): ReadModelChange => ({
          op: 'recordActivity',
          userId,
          entry: { position, type: 'VideoWatched', at: 't' },
        })),
      ],
      6000n,
    );
    expect(await model.list(userId, 'history')).toHaveLength(6000);
    const activity = await model.activity(userId, { limit: 10_000 });
    expect(activity.map((e) => e.position)).toEqual([...positions].reverse());
    expect(await model.checkpoint()).toBe(6000n);
  });

  it('a batch stores the bytes that separate commands would: quotes, controls, NUL, non-ASCII, lone surrogates', async () => {
    const prefix = freshPrefix();
    const values = [
      'plain',
      'quote " backslash \\ slash /',
      'line\nfeed\ttab\u0000nul\u001f',
      'Zoë 😀 日本',
      'lone \ud800 and \udc00',
      '\\ud800 as text',
      '',
    ];
    const batch = new CommandBatch();
    values.forEach((value, i) => batch.hset(`${prefix}:batch`, `f${i}`, value).set(`${prefix}:batch:${i}`, value));
    expect(await batch.run(redis, `${prefix}:checkpoint`, 1n, { expected: undefined })).toEqual({ applied: true });
    for (const [i, value] of values.entries()) {
      await redis.set(`${prefix}:plain:${i}`, value);
      const plain = await redis.getBuffer(`${prefix}:plain:${i}`);
      expect(await redis.getBuffer(`${prefix}:batch:${i}`)).toEqual(plain);
      expect(await redis.hgetBuffer(`${prefix}:batch`, `f${i}`)).toEqual(plain);
    }
  });

  it('a batch that fails inside Redis leaves the checkpoint where it was; applied again once the cause is gone, it lands whole', async () => {
    const prefix = freshPrefix();
    const model = new RedisReadModel(redis, { prefix });
    await model.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'a', position: 1n }], 1n, { expected: undefined });
    // A foreign key of the wrong type under our prefix: the one way a command can fail inside the batch.
    await redis.set(`${prefix}:main:{${userId}}:list:watchlater`, 'not a sorted set');
    const batch: ReadModelChange[] = [
      { op: 'addToList', userId, list: 'likes', videoId: 'b', position: 2n },
      { op: 'addToList', userId, list: 'watchlater', videoId: 'b', position: 3n },
      { op: 'addToList', userId, list: 'history', videoId: 'b', position: 4n },
    ];
    await expect(model.apply(batch, 4n, { expected: 1n })).rejects.toThrow(/WRONGTYPE/);
    expect(await model.checkpoint()).toBe(1n);
    await redis.del(`${prefix}:main:{${userId}}:list:watchlater`);
    await model.apply(batch, 4n, { expected: 1n });
    expect([await model.list(userId, 'likes'), await model.list(userId, 'watchlater'), await model.list(userId, 'history')]).toEqual([
      ['a', 'b'],
      ['b'],
      ['b'],
    ]);
    expect(await model.checkpoint()).toBe(4n);
  });

  it('applies even after Redis has forgotten its scripts (a restart, SCRIPT FLUSH)', async () => {
    const model = new RedisReadModel(redis, { prefix: freshPrefix() });
    await model.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'a', position: 1n }], 1n, { expected: undefined });
    await redis.script('FLUSH');
    await model.apply([{ op: 'addToList', userId, list: 'likes', videoId: 'b', position: 2n }], 2n, { expected: 1n });
    expect(await model.list(userId, 'likes')).toEqual(['a', 'b']);
  });

  it('a profile read lately is answered again, but a putUser applied here replaces it at once', async () => {
    const prefix = freshPrefix();
    const model = new RedisReadModel(redis, { prefix });
    const profile = everyKindOfChange[0] as Extract<ReadModelChange, { op: 'putUser' }>;
    await model.apply([profile], 1n);
    expect(await model.user(userId)).toEqual(profile.user);
    const renamed = { ...profile.user, firstName: 'Renamed' };
    await model.apply([{ op: 'putUser', user: renamed }], 2n);
    expect(await model.user(userId)).toEqual(renamed);
  });

  it('apply rejects, without hanging, once Redis is stopped', async () => {
    const own = await startRedis({ spawn: true });
    const model = RedisReadModel.connect(own.url, { prefix: own.prefix });
    try {
      await model.apply(everyKindOfChange, 5n);
      await own.stop();
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        model.apply(everyKindOfChange, 6n).then(
          () => 'resolved',
          (error: Error) => `rejected: ${error.message}`,
        ),
        new Promise((resolve) => (timer = setTimeout(resolve, 15_000, 'hung'))),
      ]);
      clearTimeout(timer);
      expect(outcome).toMatch(/^rejected/);
    } finally {
      await own.stop();
      await model.close();
    }
  });
});
