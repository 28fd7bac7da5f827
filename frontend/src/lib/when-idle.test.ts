import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { eachWhenIdle } from './when-idle';

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
