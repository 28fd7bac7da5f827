import type { LiveChange } from './live-change';
import { RecentChanges } from './recent-changes';

const change = (position: number): LiveChange => ({ what: 'likes', type: 'VideoLiked', position: String(position) });

describe('RecentChanges: what a reconnecting stream missed, bounded in count and age', () => {
  test('answers a user’s changes after a position, in order, and nothing of other users', () => {
    const memory = new RecentChanges({ perUser: 10, maxAgeMs: 60_000 }, 100n);
    for (const position of [101, 103, 105]) memory.remember('a', change(position));
    memory.remember('b', change(104));
    expect(memory.since('a', 101n)).toEqual([change(103), change(105)]);
    expect(memory.since('a', 105n)).toEqual([]);
    expect(memory.since('b', 100n)).toEqual([change(104)]);
    // A user with no change since the start: nothing missed.
    expect(memory.since('c', 102n)).toEqual([]);
  });

  test('a position before the instance started following the log is a reset', () => {
    const memory = new RecentChanges({ perUser: 10, maxAgeMs: 60_000 }, 100n);
    expect(memory.since('a', 99n)).toBe('reset');
    expect(memory.since('a', 100n)).toEqual([]);
  });

  test('past the count bound the oldest is forgotten, and a position before it is a reset', () => {
    const memory = new RecentChanges({ perUser: 3, maxAgeMs: 60_000 }, 0n);
    for (const position of [1, 2, 3, 4, 5]) memory.remember('a', change(position));
    expect(memory.size).toEqual({ users: 1, changes: 3 });
    expect(memory.since('a', 1n)).toBe('reset');
    expect(memory.since('a', 2n)).toEqual([change(3), change(4), change(5)]);
  });

  test('changes older than the age bound are forgotten, users with none left too; older positions are resets', () => {
    let now = 0;
    const memory = new RecentChanges({ perUser: 10, maxAgeMs: 1000 }, 0n, () => now);
    memory.remember('a', change(1));
    memory.remember('b', change(2));
    now = 1500;
    memory.remember('a', change(3));
    memory.forgetOld();
    expect(memory.size).toEqual({ users: 1, changes: 1 });
    expect(memory.since('b', 1n)).toBe('reset');
    expect(memory.since('a', 1n)).toBe('reset');
    expect(memory.since('a', 2n)).toEqual([change(3)]);
    expect(memory.since('b', 2n)).toEqual([]);
  });

  test('a change remembered out of order takes its place', () => {
    const memory = new RecentChanges({ perUser: 10, maxAgeMs: 1000 }, 0n);
    memory.remember('a', change(5));
    memory.remember('a', change(4));
    expect(memory.since('a', 0n)).toEqual([change(4), change(5)]);
  });
});
