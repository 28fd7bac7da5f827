import { AheadOfRequests } from './ahead-of-requests';

/** Waits (at most 2 s) until the work is done. */
async function settled(ahead: AheadOfRequests): Promise<void> {
  for (const deadline = Date.now() + 2000; !ahead.idle;) {
    if (Date.now() > deadline) throw new Error('still working after 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  // The slice that emptied the queue has returned.
  await new Promise((resolve) => setImmediate(resolve));
}

describe('work ahead of requests', () => {
  test('a changed id is worked on after the call, once however often it changed before', async () => {
    const made: string[] = [];
    const ahead = new AheadOfRequests(
      (id) => made.push(id),
      () => [],
      { delayMs: 0, sliceMs: 5 },
    );
    ahead.changed('a');
    ahead.changed('b');
    ahead.changed('a');
    expect(made).toEqual([]);
    expect(ahead.idle).toBe(false);
    await settled(ahead);
    expect(made).toEqual(['a', 'b']);
    ahead.changed('a');
    await settled(ahead);
    expect(made).toEqual(['a', 'b', 'a']);
  });

  test('a change of any id works through every id, those that appear meanwhile too', async () => {
    const ids = new Map([['v1', 1]]);
    const made: string[] = [];
    const ahead = new AheadOfRequests(
      (id) => made.push(id),
      () => ids.keys(),
      { delayMs: 0, sliceMs: 5 },
    );
    ahead.changed('v0');
    ahead.changed(undefined);
    ids.set('v2', 2);
    await settled(ahead);
    expect(made).toEqual(['v1', 'v2']);
  });

  test('long work goes in slices, with other callbacks run between them', async () => {
    const events: string[] = [];
    const busy = (ms: number) => {
      for (const until = performance.now() + ms; performance.now() < until;);
    };
    const ids = Array.from({ length: 200 }, (_, i) => `v${i}`);
    const ahead = new AheadOfRequests(
      (id) => {
        busy(0.1);
        events.push(id);
      },
      () => ids,
      { delayMs: 0, sliceMs: 2 },
    );
    ahead.changed(undefined);
    const other = new Promise<void>((resolve) =>
      setTimeout(() => {
        events.push('other');
        resolve();
      }, 1),
    );
    await settled(ahead);
    await other;
    expect(events.filter((e) => e !== 'other')).toEqual(ids);
    const at = events.indexOf('other');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(events.length - 1);
  });
});
