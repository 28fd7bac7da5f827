import { describe, expect, test } from 'vitest';
import { backoffDelay } from './backoff';

describe('the reconnect backoff', () => {
  test('doubles from 1 s to at most 30 s (without jitter: the middle of the spread)', () => {
    const schedule = Array.from({ length: 9 }, (_, attempt) => backoffDelay(attempt, 0.5));
    expect(schedule).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(backoffDelay(1_000, 0.5)).toBe(30_000);
  });

  test('spreads each delay by ±20 %, never past 30 s', () => {
    expect(backoffDelay(0, 0)).toBe(800);
    expect(backoffDelay(0, 0.999999)).toBe(1_200);
    expect(backoffDelay(3, 0)).toBe(6_400);
    expect(backoffDelay(3, 0.999999)).toBe(9_600);
    expect(backoffDelay(4, 0.999999)).toBe(19_200);
    expect(backoffDelay(5, 0)).toBe(24_000);
    expect(backoffDelay(5, 0.999999)).toBe(30_000);
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelay(i % 12);
      expect(delay).toBeGreaterThanOrEqual(800);
      expect(delay).toBeLessThanOrEqual(30_000);
    }
  });
});
