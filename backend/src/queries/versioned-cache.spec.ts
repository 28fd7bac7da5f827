import { VersionedCache } from './versioned-cache';

/** A build that answers `value` when told to, and counts how many times it was started. */
function builds() {
  let started = 0;
  const pending: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  return {
    get started() {
      return started;
    },
    build: () =>
      new Promise<string>((resolve, reject) => {
        started++;
        pending.push({ resolve, reject });
      }),
    finish: (value: string) => pending.shift()!.resolve(value),
    fail: () => pending.shift()!.reject(new Error('read model unavailable')),
  };
}

describe('VersionedCache', () => {
  let now = 0;
  const cache = () => new VersionedCache<string>({ maxAgeMs: 1000, maxEntries: 2, now: () => now });
  beforeEach(() => (now = 0));

  test('readers asking at once for the same key and version share one build', async () => {
    const pages = cache();
    const b = builds();
    const answers = Promise.all(Array.from({ length: 8 }, () => pages.get('20:', '41', b.build)));
    b.finish('page at 41');
    expect(await answers).toEqual(Array(8).fill('page at 41'));
    expect(await pages.get('20:', '41', b.build)).toBe('page at 41');
    expect(b.started).toBe(1);
  });

  test('another version (the read model moved) or an answer older than maxAgeMs is built again', async () => {
    const pages = cache();
    const b = builds();
    const first = pages.get('20:', '41', b.build);
    b.finish('page at 41');
    await first;
    const moved = pages.get('20:', '42', b.build);
    b.finish('page at 42');
    expect(await moved).toBe('page at 42');
    now = 999;
    expect(await pages.get('20:', '42', b.build)).toBe('page at 42');
    now = 1000;
    const aged = pages.get('20:', '42', b.build);
    b.finish('page at 42, rebuilt');
    expect(await aged).toBe('page at 42, rebuilt');
    expect(b.started).toBe(3);
  });

  test('keys are apart; a failed build is not kept; at most maxEntries answers are held', async () => {
    const pages = cache();
    const b = builds();
    const failed = pages.get('20:', '41', b.build);
    b.fail();
    await expect(failed).rejects.toThrow('read model unavailable');
    const retried = pages.get('20:', '41', b.build);
    b.finish('first page');
    expect(await retried).toBe('first page');
    const older = pages.get('20:41', '41', b.build);
    b.finish('older page');
    expect(await older).toBe('older page');
    const third = pages.get('5:', '41', b.build);
    b.finish('five');
    await third;
    expect(b.started).toBe(4);
    // '20:' was the least recently built of three: dropped, so asking again builds it again.
    const again = pages.get('20:', '41', b.build);
    b.finish('first page again');
    expect(await again).toBe('first page again');
    expect(b.started).toBe(5);
  });
});
