import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  IdempotencyBounds,
  IdempotencyKey,
  IdempotencyStore,
  StoredAnswer,
  answerBytes,
} from '../../backend/src/idempotency/idempotency-store.port';
import { RedisIdempotencyStore } from '../../backend/src/idempotency/redis-idempotency-store';
import { SqliteIdempotencyStore } from '../../backend/src/idempotency/sqlite-idempotency-store';
import { TestRedis, startRedis } from '../support/redis-server';

/** What both adapters of the idempotency-key store promise; two handles on one store act as two instances. */
type Open = (bounds?: IdempotencyBounds) => Promise<{ a: IdempotencyStore; b: IdempotencyStore; dispose(): Promise<void> }>;

const answer: StoredAnswer = { status: 201, contentType: 'application/json; charset=utf-8', body: '{"likes":[]}' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const id = (owner: string, key: string): IdempotencyKey => ({ owner, key });
/** An answer of `bytes` bytes (body), as the hook keeps them. */
const sized = (bytes: number): StoredAnswer => ({ status: 201, body: 'x'.repeat(bytes) });
const done = async (store: IdempotencyStore, key: IdempotencyKey) => (await store.claim(key, 'fp', 60_000, 'probe')).kind;

function describeIdempotencyStore(name: string, open: Open): void {
  describe(`idempotency store: ${name}`, () => {
    let stores: Awaited<ReturnType<Open>>;
    beforeEach(async () => {
      stores = await open();
    });
    afterEach(async () => {
      await stores.dispose();
    });

    it('one claim wins, also across instances; the answer is then repeated for the same fingerprint only', async () => {
      const claims = await Promise.all([
        stores.a.claim(id('u1', 'k'), 'fp', 60_000, 'c1'),
        stores.b.claim(id('u1', 'k'), 'fp', 60_000, 'c2'),
        stores.a.claim(id('u1', 'k'), 'fp', 60_000, 'c3'),
      ]);
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'in-progress')).toHaveLength(2);
      expect(await stores.b.claim(id('u1', 'k'), 'other', 60_000, 'c4')).toEqual({ kind: 'mismatch' });
      await stores.a.complete(id('u1', 'k'), 'fp', answer, 60_000);
      expect(await stores.b.claim(id('u1', 'k'), 'fp', 60_000, 'c5')).toEqual({ kind: 'done', answer });
      expect(await stores.a.claim(id('u1', 'k'), 'other', 60_000, 'c6')).toEqual({ kind: 'mismatch' });
      expect(await stores.a.claim(id('u2', 'k'), 'fp', 60_000, 'c7')).toEqual({ kind: 'claimed' });
    });

    it('release lets go of an unanswered claim only by its own id; an answer is never released', async () => {
      expect(await stores.a.claim(id('u', 'k'), 'fp', 60_000, 'mine')).toEqual({ kind: 'claimed' });
      await stores.b.release(id('u', 'k'), 'not-mine');
      expect(await stores.b.claim(id('u', 'k'), 'fp', 60_000, 'x')).toEqual({ kind: 'in-progress' });
      await stores.b.release(id('u', 'k'), 'mine');
      expect(await stores.b.claim(id('u', 'k'), 'fp', 60_000, 'again')).toEqual({ kind: 'claimed' });
      await stores.b.complete(id('u', 'k'), 'fp', answer, 60_000);
      await stores.a.release(id('u', 'k'), 'again');
      expect(await stores.a.claim(id('u', 'k'), 'fp', 60_000, 'y')).toEqual({ kind: 'done', answer });
    });

    it('claims and answers expire: the key is then new', async () => {
      expect(await stores.a.claim(id('u', 'k'), 'fp', 150, 'c1')).toEqual({ kind: 'claimed' });
      await sleep(300);
      expect(await stores.b.claim(id('u', 'k'), 'other', 60_000, 'c2')).toEqual({ kind: 'claimed' });
      await stores.b.complete(id('u', 'k'), 'other', answer, 150);
      await sleep(300);
      expect(await stores.a.claim(id('u', 'k'), 'fp', 60_000, 'c3')).toEqual({ kind: 'claimed' });
    });

    it('one owner keeps at most their byte bound: their oldest answers are forgotten first, other owners keep theirs', async () => {
      await stores.dispose();
      const bound = 5 * answerBytes(sized(1000));
      stores = await open({ bytesPerOwner: bound, totalBytes: 64 * 1024 * 1024 });
      await stores.a.complete(id('other', 'k0'), 'fp', sized(1000), 60_000);
      for (let i = 0; i < 8; i++) await stores[i % 2 ? 'a' : 'b'].complete(id('u', `k${i}`), 'fp', sized(1000), 60_000);
      const kinds = [];
      for (let i = 0; i < 8; i++) kinds.push(await done(stores.a, id('u', `k${i}`)));
      // The five newest answers fit the bound; the three oldest keys are new again.
      expect(kinds).toEqual(['claimed', 'claimed', 'claimed', 'done', 'done', 'done', 'done', 'done']);
      expect(await done(stores.b, id('other', 'k0'))).toBe('done');
    });

    it('forget(owner) removes every answer of that owner, and no other', async () => {
      await stores.a.complete(id('gone', 'k1'), 'fp', answer, 60_000);
      await stores.b.complete(id('gone', 'k2'), 'fp', answer, 60_000);
      await stores.a.complete(id('kept', 'k1'), 'fp', answer, 60_000);
      await stores.b.forget('gone');
      expect(await done(stores.a, id('gone', 'k1'))).toBe('claimed');
      expect(await done(stores.a, id('gone', 'k2'))).toBe('claimed');
      expect(await done(stores.a, id('kept', 'k1'))).toBe('done');
    });
  });
}

describeIdempotencyStore('SQLite', async (bounds) => {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-idem-store-'));
  const file = join(dir, 'idempotency.sqlite');
  const a = new SqliteIdempotencyStore(file, bounds);
  const b = new SqliteIdempotencyStore(file, bounds);
  return {
    a,
    b,
    dispose: async () => {
      await Promise.all([a.close(), b.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });
  describeIdempotencyStore('Redis', async (bounds) => {
    const prefix = `${redis.prefix}:${Math.random().toString(36).slice(2)}`;
    const clients = [new Redis(redis.url), new Redis(redis.url)];
    return {
      a: new RedisIdempotencyStore(clients[0]!, prefix, false, bounds),
      b: new RedisIdempotencyStore(clients[1]!, prefix, false, bounds),
      dispose: async () => clients.forEach((c) => c.disconnect()),
    };
  });
});
