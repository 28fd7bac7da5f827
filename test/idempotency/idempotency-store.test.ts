import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdempotencyStore, StoredAnswer } from '../../backend/src/idempotency/idempotency-store.port';
import { RedisIdempotencyStore } from '../../backend/src/idempotency/redis-idempotency-store';
import { SqliteIdempotencyStore } from '../../backend/src/idempotency/sqlite-idempotency-store';
import { TestRedis, startRedis } from '../support/redis-server';

/** What both adapters of the idempotency-key store promise; two handles on one store act as two instances. */
type Open = () => Promise<{ a: IdempotencyStore; b: IdempotencyStore; dispose(): Promise<void> }>;

const answer: StoredAnswer = { status: 201, contentType: 'application/json; charset=utf-8', body: '{"likes":[]}' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
        stores.a.claim('u1:k', 'fp', 60_000, 'c1'),
        stores.b.claim('u1:k', 'fp', 60_000, 'c2'),
        stores.a.claim('u1:k', 'fp', 60_000, 'c3'),
      ]);
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'in-progress')).toHaveLength(2);
      expect(await stores.b.claim('u1:k', 'other', 60_000, 'c4')).toEqual({ kind: 'mismatch' });
      await stores.a.complete('u1:k', 'fp', answer, 60_000);
      expect(await stores.b.claim('u1:k', 'fp', 60_000, 'c5')).toEqual({ kind: 'done', answer });
      expect(await stores.a.claim('u1:k', 'other', 60_000, 'c6')).toEqual({ kind: 'mismatch' });
      expect(await stores.a.claim('u2:k', 'fp', 60_000, 'c7')).toEqual({ kind: 'claimed' });
    });

    it('release lets go of an unanswered claim only by its own id; an answer is never released', async () => {
      expect(await stores.a.claim('k', 'fp', 60_000, 'mine')).toEqual({ kind: 'claimed' });
      await stores.b.release('k', 'not-mine');
      expect(await stores.b.claim('k', 'fp', 60_000, 'x')).toEqual({ kind: 'in-progress' });
      await stores.b.release('k', 'mine');
      expect(await stores.b.claim('k', 'fp', 60_000, 'again')).toEqual({ kind: 'claimed' });
      await stores.b.complete('k', 'fp', answer, 60_000);
      await stores.a.release('k', 'again');
      expect(await stores.a.claim('k', 'fp', 60_000, 'y')).toEqual({ kind: 'done', answer });
    });

    it('claims and answers expire: the key is then new', async () => {
      expect(await stores.a.claim('k', 'fp', 150, 'c1')).toEqual({ kind: 'claimed' });
      await sleep(300);
      expect(await stores.b.claim('k', 'other', 60_000, 'c2')).toEqual({ kind: 'claimed' });
      await stores.b.complete('k', 'other', answer, 150);
      await sleep(300);
      expect(await stores.a.claim('k', 'fp', 60_000, 'c3')).toEqual({ kind: 'claimed' });
    });
  });
}

describeIdempotencyStore('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-idem-store-'));
  const file = join(dir, 'idempotency.sqlite');
  const a = new SqliteIdempotencyStore(file);
  const b = new SqliteIdempotencyStore(file);
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
  describeIdempotencyStore('Redis', async () => {
    const prefix = `${redis.prefix}:${Math.random().toString(36).slice(2)}`;
    const clients = [new Redis(redis.url), new Redis(redis.url)];
    return {
      a: new RedisIdempotencyStore(clients[0]!, prefix),
      b: new RedisIdempotencyStore(clients[1]!, prefix),
      dispose: async () => clients.forEach((c) => c.disconnect()),
    };
  });
});
