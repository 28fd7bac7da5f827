import type { HistoryRetention } from '../../events/app-events';
import { given, stored } from '../given-when-then.spec-helper';
import { monthsBefore } from './history-retention';
import { historyList } from './history.list';

const u = 'user-1';
const watched = (videoId: string, watchedAt: string) => ({ type: 'VideoWatched' as const, data: { userId: u, videoId, watchedAt } });
const retentionSet = (retention: HistoryRetention) => ({ type: 'HistoryRetentionChanged' as const, data: { userId: u, retention } });
const expired = (before: string, retention: 3 | 18 | 36, videoIds: string[]) => ({
  type: 'HistoryEntriesExpired' as const,
  data: { userId: u, before, retention, videoIds },
});
const setRetention = (retention: HistoryRetention, at: string) => ({ type: 'ChangeSettings' as const, userId: u, retention, at });
const expire = (at: string) => ({ type: 'ExpireEntries' as const, userId: u, at });

/** January and May of 2026, and a video watched each month. */
const JAN = watched('jan', '2026-01-10T08:00:00.000Z');
const MAY = watched('may', '2026-05-20T08:00:00.000Z');

describe('history auto-delete', () => {
  test('"N months before" is calendar months in UTC, the day clamped to the shorter month', () => {
    const before = (at: string, months: number) => monthsBefore(new Date(at), months).toISOString();
    expect(before('2026-07-15T10:30:00.000Z', 3)).toBe('2026-04-15T10:30:00.000Z');
    expect(before('2026-05-31T23:59:59.999Z', 3)).toBe('2026-02-28T23:59:59.999Z');
    expect(before('2024-05-31T00:00:00.000Z', 3)).toBe('2024-02-29T00:00:00.000Z');
    expect(before('2026-02-10T00:00:00.000Z', 18)).toBe('2024-08-10T00:00:00.000Z');
    expect(before('2026-03-31T12:00:00.000Z', 36)).toBe('2023-03-31T12:00:00.000Z');
  });

  test('turning it on removes at once, in the same append, what is older than the window; newer entries stay', () => {
    given(historyList, [JAN, MAY])
      .when(setRetention(3, '2026-07-15T00:00:00.000Z'))
      .then([retentionSet(3), expired('2026-04-15T00:00:00.000Z', 3, ['jan'])]);
    // An entry exactly at the cut-off is not older than it: it stays.
    given(historyList, [watched('edge', '2026-04-15T00:00:00.000Z')])
      .when(setRetention(3, '2026-07-15T00:00:00.000Z'))
      .then([retentionSet(3)]);
  });

  test('"off" (the default) keeps everything, however old', () => {
    given(historyList, [JAN, MAY]).when(expire('2030-01-01T00:00:00.000Z')).then([]);
    given(historyList, [JAN, retentionSet(3), retentionSet('off')])
      .when(expire('2030-01-01T00:00:00.000Z'))
      .then([]);
    given(historyList, [JAN, retentionSet(36)])
      .when(setRetention('off', '2030-01-01T00:00:00.000Z'))
      .then([retentionSet('off')]);
  });

  test('the sweep removes what became old since, and a second sweep at the same time changes nothing', () => {
    given(historyList, [JAN, MAY, retentionSet(3)])
      .when(expire('2026-08-21T00:00:00.000Z'))
      .then([expired('2026-05-21T00:00:00.000Z', 3, ['jan', 'may'])]);
    given(historyList, [JAN, MAY, retentionSet(3), expired('2026-05-21T00:00:00.000Z', 3, ['jan', 'may'])])
      .when(expire('2026-08-21T00:00:00.000Z'))
      .then([]);
  });

  test('recording a watch applies it first, so a re-watch of an expired video is simply the latest', () => {
    const play = (videoId: string, at: string) => ({ type: 'RecordWatch' as const, userId: u, videoId, watchedAt: at });
    given(historyList, [JAN, MAY, retentionSet(3)])
      .when(play('jan', '2026-07-01T00:00:00.000Z'))
      .then([expired('2026-04-01T00:00:00.000Z', 3, ['jan']), watched('jan', '2026-07-01T00:00:00.000Z')]);
    // POST /user/history's add: the old entry is gone first, so it is no duplicate.
    const add = { type: 'AddVideo' as const, userId: u, videoId: 'jan', watchedAt: '2026-07-01T00:00:00.000Z' };
    given(historyList, [JAN, retentionSet(3)])
      .when(add)
      .then([expired('2026-04-01T00:00:00.000Z', 3, ['jan']), watched('jan', '2026-07-01T00:00:00.000Z')]);
  });

  test('an undo putting an entry back is not cut short: it restores what was, auto-delete comes with the next write', () => {
    const putBack = { type: 'AddVideo' as const, userId: u, videoId: 'jan', watchedAt: JAN.data.watchedAt, order: '1', undoes: '9' };
    given(historyList, [JAN, MAY, retentionSet(3)])
      .when(putBack)
      .thenFails('ALREADY_IN_HISTORY');
    given(historyList, [MAY, retentionSet(3)])
      .when(putBack)
      .then([{ type: 'VideoWatched', data: { userId: u, videoId: 'jan', watchedAt: JAN.data.watchedAt, order: '1', undoes: '9' } }]);
  });

  test('an import with the setting on records only entries inside the window', () => {
    const entries = [
      { videoId: 'old', watchedAt: '2025-01-01T00:00:00.000Z' },
      { videoId: 'new', watchedAt: '2026-06-01T00:00:00.000Z' },
    ];
    given(historyList, [retentionSet(3)])
      .when({ type: 'Import', userId: u, entries, at: '2026-07-15T00:00:00.000Z' })
      .then([watched('new', '2026-06-01T00:00:00.000Z')]);
    // The document's own setting applies before its entries.
    given(historyList, [JAN])
      .when({ type: 'Import', userId: u, entries, retention: 18, at: '2026-07-15T00:00:00.000Z' })
      .then([retentionSet(18), watched('new', '2026-06-01T00:00:00.000Z')]);
  });

  test('its events are not actions undo reverts, and project as settings and removals', () => {
    const at = '2026-07-15T00:00:00.000Z';
    const gone = stored(expired('2026-04-15T00:00:00.000Z', 3, ['jan', 'feb']), 5n, at);
    const set = stored(retentionSet(18), 5n, at);
    expect(historyList.compensate(gone)).toBeUndefined();
    expect(historyList.compensate(set)).toBeUndefined();
    expect(historyList.project(set)).toEqual([{ op: 'putSettings', userId: u, settings: { historyRetention: 18 } }]);
    expect(historyList.project(gone)).toEqual([
      { op: 'removeFromList', userId: u, list: 'history', videoId: 'jan' },
      { op: 'removeFromList', userId: u, list: 'history', videoId: 'feb' },
    ]);
  });
});
