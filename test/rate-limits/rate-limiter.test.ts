import Redis from 'ioredis';
import { MemoryRateLimiter } from '../../backend/src/rate-limits/memory-rate-limiter';
import { RateLimiter } from '../../backend/src/rate-limits/rate-limiter.port';
import { RedisRateLimiter } from '../../backend/src/rate-limits/redis-rate-limiter';
import { TestRedis, startRedis } from '../support/redis-server';

/**
 * What both rate-limiter adapters promise (the login, signup and write limits rely on it). Two
 * handles on one store act as two instances: for Redis, two connections; in-process there is one.
 */
type Open = () => Promise<{ a: RateLimiter; b: RateLimiter; dispose(): Promise<void> }>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WINDOW = { limit: 3, windowMs: 400 };

function describeRateLimiter(name: string, open: Open): void {
  describe(`rate limiter: ${name}`, () => {
    let limiters: Awaited<ReturnType<Open>>;
    beforeEach(async () => {
      limiters = await open();
    });
    afterEach(async () => {
      await limiters.dispose();
    });

    it('counts at most `limit` attempts per key, also when they arrive at once on two instances; the refused get the wait', async () => {
      const key = `k-${Math.random()}`;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? limiters.a : limiters.b).reserve(key, WINDOW)));
      expect(answers.filter((r) => r.allowed)).toHaveLength(3);
      for (const refused of answers.filter((r) => !r.allowed)) {
        if (refused.allowed) continue;
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(WINDOW.windowMs);
      }
      expect((await limiters.a.reserve(`other-${key}`, WINDOW)).allowed).toBe(true);
    });

    it('the window slides: once the wait is over, the key may try again', async () => {
      const key = `k-${Math.random()}`;
      for (let i = 0; i < 3; i++) expect((await limiters.a.reserve(key, WINDOW)).allowed).toBe(true);
      const refused = await limiters.b.reserve(key, WINDOW);
      if (refused.allowed) throw new Error('a fourth attempt was allowed');
      await sleep(refused.retryAfterMs + 20);
      expect((await limiters.b.reserve(key, WINDOW)).allowed).toBe(true);
    });

    it('release gives one counted attempt back, on any instance; clear forgets the key', async () => {
      const key = `k-${Math.random()}`;
      const first = await limiters.a.reserve(key, WINDOW);
      await limiters.a.reserve(key, WINDOW);
      await limiters.a.reserve(key, WINDOW);
      if (!first.allowed) throw new Error('first attempt refused');
      await limiters.b.release(key, first.id, WINDOW);
      expect((await limiters.b.reserve(key, WINDOW)).allowed).toBe(true);
      expect((await limiters.a.reserve(key, WINDOW)).allowed).toBe(false);
      await limiters.b.clear(key, WINDOW);
      expect((await limiters.a.reserve(key, WINDOW)).allowed).toBe(true);
    });
  });
}

describeRateLimiter('in-process', async () => {
  const limiter = new MemoryRateLimiter();
  return { a: limiter, b: limiter, dispose: () => limiter.close() };
});

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describeRateLimiter('Redis', async () => {
  const a = RedisRateLimiter.connect(redis.url, redis.prefix);
  const b = RedisRateLimiter.connect(redis.url, redis.prefix);
  return { a, b, dispose: async () => (await a.close(), await b.close()) };
});

describe('rate limiter: Redis keys', () => {
  it('one key per limited key, named by its hash (no email in the clear), expiring with its window', async () => {
    const limiter = RedisRateLimiter.connect(redis.url, `${redis.prefix}-keys`);
    const client = new Redis(redis.url);
    try {
      await limiter.reserve('login:e:ada@example.com', { limit: 5, windowMs: 60_000 });
      const keys = await client.keys(`${redis.prefix}-keys:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${redis.prefix}-keys:rate:[A-Za-z0-9_-]{43}$`));
      const ttl = await client.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await limiter.close();
      client.disconnect();
    }
  });
});
