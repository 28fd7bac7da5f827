import { MemoryRateLimiter } from './memory-rate-limiter';

const LIMIT = { limit: 3, windowMs: 1000 };

describe('in-process rate limiter', () => {
  let now = 0;
  const limiter = () => new MemoryRateLimiter(() => now);
  beforeEach(() => (now = 1_000_000));

  test('counts attempts per key in a sliding window; past the limit, the wait until the oldest leaves it', async () => {
    const rl = limiter();
    for (let i = 0; i < 3; i++) {
      expect(await rl.reserve('k', LIMIT)).toMatchObject({ allowed: true });
      now += 100;
    }
    expect(await rl.reserve('k', LIMIT)).toEqual({ allowed: false, retryAfterMs: 700 });
    expect(await rl.reserve('other', LIMIT)).toMatchObject({ allowed: true });
    // A refused attempt is not counted: once the oldest has left, one more is allowed.
    now += 700;
    expect(await rl.reserve('k', LIMIT)).toMatchObject({ allowed: true });
    expect(await rl.reserve('k', LIMIT)).toMatchObject({ allowed: false });
  });

  test('release gives one attempt back, clear forgets the key', async () => {
    const rl = limiter();
    const first = await rl.reserve('k', LIMIT);
    await rl.reserve('k', LIMIT);
    await rl.reserve('k', LIMIT);
    if (!first.allowed) throw new Error('first attempt refused');
    await rl.release('k', first.id, LIMIT);
    expect(await rl.reserve('k', LIMIT)).toMatchObject({ allowed: true });
    expect(await rl.reserve('k', LIMIT)).toMatchObject({ allowed: false });
    await rl.clear('k', LIMIT);
    expect(await rl.reserve('k', LIMIT)).toMatchObject({ allowed: true });
  });

  test('windows of different lengths are counted apart', async () => {
    const rl = limiter();
    for (let i = 0; i < 3; i++) await rl.reserve('k', LIMIT);
    expect(await rl.reserve('k', { limit: 3, windowMs: 60_000 })).toMatchObject({ allowed: true });
  });

  test('memory stays bounded: expired keys are dropped, and past 100 000 keys the least recently tried', async () => {
    const rl = limiter();
    const held = (rl as unknown as { windows: Map<number, { keys: Map<string, unknown>; queue: unknown[] }> }).windows;
    for (let i = 0; i < 1000; i++) await rl.reserve(`old-${i}`, LIMIT);
    now += 2000;
    await rl.reserve('fresh', LIMIT);
    expect([...held.get(1000)!.keys.keys()]).toEqual(['fresh']);
    const long = { limit: 3, windowMs: 3_600_000 };
    for (let i = 0; i < 100_100; i++) await rl.reserve(`flood-${i}`, long);
    const keys = held.get(3_600_000)!.keys;
    expect(keys.size).toBeLessThanOrEqual(100_000);
    expect(keys.has('flood-0')).toBe(false);
    expect(keys.has('flood-100099')).toBe(true);
    // A key tried again is the most recently tried: it survives the next evictions.
    await rl.reserve('flood-500', long);
    for (let i = 0; i < 1000; i++) await rl.reserve(`more-${i}`, long);
    expect(keys.has('flood-500')).toBe(true);
    expect(keys.has('flood-501')).toBe(false);
    expect(held.get(3_600_000)!.queue.length).toBeLessThan(250_000);
  });
});
