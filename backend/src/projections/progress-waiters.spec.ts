import { DomainError } from '../errors/domain-error';
import { ProgressSource, ProgressWaiters } from './progress-waiters';

/** A read model's checkpoints per partition, as polled; `projected` partitions are this instance's own. */
function fakeSource(checkpoints: (bigint | undefined)[], projected: number[] = []) {
  const polled: number[] = [];
  const source: ProgressSource = {
    refresh: () => undefined,
    checkpointOf: async (partition) => (polled.push(partition), checkpoints[partition]),
    projectedHere: (partition) => projected.includes(partition),
  };
  return { source, polled };
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      (error: unknown) => error,
    ),
    new Promise((r) => setImmediate(() => r('pending'))),
  ]);

describe('progress waiters (read-your-writes)', () => {
  let stop: AbortController;
  beforeEach(() => (stop = new AbortController()));
  afterEach(() => stop.abort());

  test('a write already visible, or none, is answered at once', async () => {
    const waiters = new ProgressWaiters(2, fakeSource([]).source, stop.signal);
    waiters.observe(0, 5n);
    await expect(waiters.waitFor(undefined, 0, 1000)).resolves.toBeUndefined();
    await expect(waiters.waitFor(5n, 0, 1000)).resolves.toBeUndefined();
  });

  test("a user's write waits for that user's partition only; a write of no user waits for every partition", async () => {
    const waiters = new ProgressWaiters(2, fakeSource([], [0, 1]).source, stop.signal);
    const own = waiters.waitFor(7n, 1, 10_000);
    const everyone = waiters.waitFor(7n, undefined, 10_000);
    waiters.observe(0, 9n);
    expect(await settled(own)).toBe('pending');
    expect(await settled(everyone)).toBe('pending');
    waiters.observe(1, 7n);
    expect(await settled(own)).toBe('resolved');
    expect(await settled(everyone)).toBe('resolved');
    expect(waiters.checkpoint).toBe(7n);
  });

  test('the checkpoint is the lowest partition progress, unknown while any partition is', () => {
    const waiters = new ProgressWaiters(3, fakeSource([]).source, stop.signal);
    waiters.observe(0, 4n);
    waiters.observe(2, 9n);
    expect(waiters.checkpoint).toBeUndefined();
    waiters.observe(1, 6n);
    expect(waiters.checkpoint).toBe(4n);
    waiters.forget();
    expect(waiters.checkpoint).toBeUndefined();
  });

  test('partitions projected elsewhere are polled while someone waits on them, never those projected here', async () => {
    const checkpoints: (bigint | undefined)[] = [undefined, 2n];
    const { source, polled } = fakeSource(checkpoints, [0]);
    const waiters = new ProgressWaiters(2, source, stop.signal, 1);
    const waiting = waiters.waitFor(3n, undefined, 10_000);
    for (let i = 0; i < 100 && polled.length === 0; i++) await new Promise((r) => setTimeout(r, 1));
    expect(polled.length).toBeGreaterThan(0);
    expect(polled).not.toContain(0);
    checkpoints[1] = 3n;
    waiters.observe(0, 3n); // partition 0 reports its own progress as it applies
    await expect(waiting).resolves.toBeUndefined();
    await waiters.stopped();
  });

  test('a write that does not show in time is READ_MODEL_LAGGING, and is waited for no more', async () => {
    const waiters = new ProgressWaiters(1, fakeSource([], [0]).source, stop.signal);
    const late = waiters.waitFor(1n, undefined, 5);
    await expect(late).rejects.toBeInstanceOf(DomainError);
    await expect(late).rejects.toMatchObject({ code: 'READ_MODEL_LAGGING' });
    waiters.observe(0, 1n); // nothing left to wake
    expect(waiters.checkpoint).toBe(1n);
  });
});
