import { upcast } from '../../events/event-versions';
import { given, stored } from '../given-when-then.spec-helper';
import { historyList as historyDecider } from './history.list';

const u = 'user-1';
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
const watched = (videoId: string, day = 10) => ({ type: 'VideoWatched' as const, data: { userId: u, videoId, watchedAt: at(day) } });
/** Stored before time-travel and undo (version 1, no watchedAt) and read back through the upcaster, as the event store hands it over. */
const watchedLongAgo = (videoId: string, createdAt: string) => ({
  type: 'VideoWatched',
  data: upcast('VideoWatched', 1, { data: { userId: u, videoId }, createdAt }),
  createdAt,
});
const cleared = { type: 'HistoryCleared' as const, data: { userId: u } };
const paused = { type: 'HistoryPaused' as const, data: { userId: u } };
const resumed = { type: 'HistoryResumed' as const, data: { userId: u } };
const watch = (videoId: string, day = 10) => ({ type: 'AddVideo' as const, userId: u, videoId, watchedAt: at(day) });
const removeBefore = (before: string) => ({ type: 'RemoveBefore' as const, userId: u, before });

describe('history decider', () => {
  test('watching emits VideoWatched with when it was watched; a video still in history fails with its duplicate', () => {
    given(historyDecider, [])
      .when(watch('a'))
      .then([watched('a')]);
    given(historyDecider, [watched('a')])
      .when(watch('a', 12))
      .thenFails('ALREADY_IN_HISTORY');
  });

  test('playing a video records one VideoWatched whether or not it is already there (a re-watch moves it to latest)', () => {
    const play = (videoId: string, day: number) => ({ type: 'RecordWatch' as const, userId: u, videoId, watchedAt: at(day) });
    given(historyDecider, [])
      .when(play('a', 10))
      .then([watched('a', 10)]);
    given(historyDecider, [watched('a', 10), watched('b', 11)])
      .when(play('a', 12))
      .then([watched('a', 12)]);
    given(historyDecider, [watched('a'), paused])
      .when(play('a', 12))
      .thenFails('HISTORY_PAUSED');
    const state = [watched('a', 10), watched('b', 11), watched('a', 12)].reduce(
      (s, e, i) => historyDecider.evolve(s, stored(e, BigInt(i + 1), at(1))),
      historyDecider.initialState(),
    );
    expect([...state.watched.keys()]).toEqual(['b', 'a']);
    expect(state.watched.get('a')?.watchedAt).toBe(at(12));
  });

  test('undoing a re-watch puts the entry back in its place with its old watch time; undoing a first watch removes it', () => {
    const before = [watched('a', 10), watched('b', 11)].reduce(
      (s, e, i) => historyDecider.evolve(s, stored(e, BigInt(i + 1), at(1))),
      historyDecider.initialState(),
    );
    const rewatch = stored(watched('a', 12), 7n, at(12));
    expect(historyDecider.compensate(rewatch)!(before)).toEqual({
      type: 'Restore',
      userId: u,
      entries: [{ videoId: 'a', watchedAt: at(10), order: '1' }],
      undoes: '7',
    });
    const first = stored(watched('c', 12), 8n, at(12));
    expect(historyDecider.compensate(first)!(before)).toEqual({ type: 'RemoveVideo', userId: u, videoId: 'c', undoes: '8' });
  });

  test('clearing a history with videos emits HistoryCleared; an empty one emits nothing', () => {
    given(historyDecider, [watched('a'), watched('b')])
      .when({ type: 'ClearList', userId: u })
      .then([cleared]);
    given(historyDecider, [watched('a'), cleared])
      .when({ type: 'ClearList', userId: u })
      .then([]);
  });

  test('after clearing, a video can be watched again', () => {
    given(historyDecider, [watched('a'), cleared])
      .when(watch('a'))
      .then([watched('a')]);
  });

  test('removing one video emits VideoRemovedFromHistory; removing an absent one emits nothing', () => {
    given(historyDecider, [watched('a')])
      .when({ type: 'RemoveVideo', userId: u, videoId: 'a' })
      .then([{ type: 'VideoRemovedFromHistory' as const, data: { userId: u, videoId: 'a' } }]);
    given(historyDecider, [watched('b')])
      .when({ type: 'RemoveVideo', userId: u, videoId: 'a' })
      .then([]);
  });

  describe('pause', () => {
    test('pausing emits HistoryPaused, resuming HistoryResumed; asking for the current state emits nothing', () => {
      const pause = (on: boolean) => ({ type: 'ChangeSettings' as const, userId: u, paused: on, at: at(20) });
      given(historyDecider, []).when(pause(true)).then([paused]);
      given(historyDecider, [paused]).when(pause(false)).then([resumed]);
      given(historyDecider, []).when(pause(false)).then([]);
      given(historyDecider, [paused]).when(pause(true)).then([]);
    });

    test('while paused, watching records nothing and says so, even for a video already in history', () => {
      given(historyDecider, [paused]).when(watch('a')).thenFails('HISTORY_PAUSED');
      given(historyDecider, [watched('a'), paused])
        .when(watch('a'))
        .thenFails('HISTORY_PAUSED');
    });

    test('after resuming, watching records again', () => {
      given(historyDecider, [paused, resumed])
        .when(watch('a'))
        .then([watched('a')]);
    });

    test('pausing does not stop removing or clearing', () => {
      given(historyDecider, [watched('a'), paused])
        .when({ type: 'ClearList', userId: u })
        .then([cleared]);
    });
  });

  describe('removal by date', () => {
    test('removes exactly the entries watched strictly before the date, naming them in the event', () => {
      given(historyDecider, [watched('a', 1), watched('b', 5), watched('c', 9)])
        .when(removeBefore(at(5)))
        .then([{ type: 'HistoryRemovedBefore' as const, data: { userId: u, before: at(5), videoIds: ['a'] } }]);
      given(historyDecider, [watched('a', 1), watched('b', 5), watched('c', 9)])
        .when(removeBefore('2026-11-06T00:00:00+01:00'))
        .then([{ type: 'HistoryRemovedBefore' as const, data: { userId: u, before: '2026-11-05T23:00:00.000Z', videoIds: ['a', 'b'] } }]);
    });

    test('an old event without watchedAt counts from the time the store recorded it', () => {
      given(historyDecider, [watchedLongAgo('old', '2026-01-01T00:00:00.000Z'), watched('new', 20)])
        .when(removeBefore(at(1)))
        .then([{ type: 'HistoryRemovedBefore' as const, data: { userId: u, before: at(1), videoIds: ['old'] } }]);
    });

    test('nothing older than the date emits nothing', () => {
      given(historyDecider, [watched('a', 10)])
        .when(removeBefore(at(10)))
        .then([]);
      given(historyDecider, [])
        .when(removeBefore(at(10)))
        .then([]);
    });

    test('removed entries are gone: a second removal does not name them, and they can be watched again', () => {
      const removed = { type: 'HistoryRemovedBefore' as const, data: { userId: u, before: at(5), videoIds: ['a'] } };
      given(historyDecider, [watched('a', 1), watched('b', 2), removed])
        .when(removeBefore(at(5)))
        .then([{ type: 'HistoryRemovedBefore' as const, data: { userId: u, before: at(5), videoIds: ['b'] } }]);
      given(historyDecider, [watched('a', 1), removed])
        .when(watch('a'))
        .then([watched('a')]);
    });
  });

  test('an undo’s HistoryRestored puts the entries back with the time they were watched', () => {
    const restored = {
      type: 'HistoryRestored',
      data: { userId: u, entries: [{ videoId: 'a', watchedAt: at(1), order: '4' }], undoes: '9' },
    };
    given(historyDecider, [watched('a', 1), cleared, restored])
      .when(watch('a'))
      .thenFails('ALREADY_IN_HISTORY');
    given(historyDecider, [watched('a', 1), cleared, restored])
      .when(removeBefore(at(2)))
      .then([{ type: 'HistoryRemovedBefore' as const, data: { userId: u, before: at(2), videoIds: ['a'] } }]);
  });

  test('an undo’s VideoWatched (with order and undoes) counts like a watch', () => {
    const undoneRemoval = { type: 'VideoWatched', data: { userId: u, videoId: 'a', watchedAt: at(1), order: '3', undoes: '8' } };
    given(historyDecider, [undoneRemoval]).when(watch('a')).thenFails('ALREADY_IN_HISTORY');
  });
});
