import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { eachWhenIdle, nextTask } from './when-idle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('each item runs in an idle moment of its own, in order', () => {
  const ran: number[] = [];
  eachWhenIdle([1, 2, 3], (item) => ran.push(item), 100);
  expect(ran).toEqual([]);
  // jsdom has no requestIdleCallback: each part waits for its own timeout, so one moment runs one part.
  vi.advanceTimersByTime(100);
  expect(ran).toEqual([1]);
  vi.advanceTimersByTime(100);
  expect(ran).toEqual([1, 2]);
  vi.advanceTimersByTime(100);
  expect(ran).toEqual([1, 2, 3]);
  expect(vi.getTimerCount()).toBe(0);
});

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('what follows it runs in a later task, not in the current one nor in its microtasks', async () => {
    const ran: string[] = [];
    const done = nextTask().then(() => ran.push('after'));
    await Promise.resolve();
    await Promise.resolve();
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    await done;
    expect(ran).toEqual(['after']);
  });

  test("the browser's scheduler.yield() where there is one", async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
