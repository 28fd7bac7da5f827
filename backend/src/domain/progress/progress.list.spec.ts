import { given } from '../given-when-then.spec-helper';
import { progressList } from './progress.list';
import { listOf } from '../all-lists';

const at = '2026-11-24T10:00:00+00:00';
const report = (seconds: number, stopped = false) =>
  ({ type: 'RecordProgress', userId: 'u', videoId: 'v', seconds, durationSeconds: 600, stopped, at }) as const;
const recorded = (seconds: number) => ({ type: 'PlaybackProgressRecorded', data: { userId: 'u', videoId: 'v', seconds, at } });

describe('progress decider', () => {
  test('the first report is stored; a playing report is stored only once it moved 60 s either way', () => {
    given(progressList, [])
      .when(report(15))
      .then([recorded(15)]);
    given(progressList, [recorded(15)])
      .when(report(74))
      .then([]);
    given(progressList, [recorded(15)])
      .when(report(75))
      .then([recorded(75)]);
    given(progressList, [recorded(200)])
      .when(report(140))
      .then([recorded(140)]);
  });

  test('a stop is stored whenever it differs', () => {
    given(progressList, [recorded(15)])
      .when(report(20, true))
      .then([recorded(20)]);
    given(progressList, [recorded(20)])
      .when(report(20, true))
      .then([]);
  });

  test('within 30 s of the end it clears what is stored, and stores nothing', () => {
    given(progressList, [recorded(300)])
      .when(report(570))
      .then([{ type: 'PlaybackProgressCleared', data: { userId: 'u', videoId: 'v' } }]);
    given(progressList, []).when(report(599, true)).then([]);
  });

  test('a removal clears what is stored, saying the user removed it; nothing stored, nothing to remove', () => {
    given(progressList, [recorded(300)])
      .when({ type: 'ClearProgress', userId: 'u', videoId: 'v' })
      .then([{ type: 'PlaybackProgressCleared', data: { userId: 'u', videoId: 'v', removed: true } }]);
    given(progressList, []).when({ type: 'ClearProgress', userId: 'u', videoId: 'v' }).then([]);
  });

  test('only a removal is a line of the activity timeline: not a saved position, not the clear at the end', () => {
    const list = listOf('PlaybackProgressCleared')!;
    const stored = (type: string, data: object) =>
      ({ type, data, position: 1n, revision: 0, streamId: 'progress-u' }) as unknown as Parameters<typeof list.inActivity>[0];
    expect(list.inActivity(stored('PlaybackProgressRecorded', { userId: 'u', videoId: 'v', seconds: 20, at }))).toBe(false);
    expect(list.inActivity(stored('PlaybackProgressCleared', { userId: 'u', videoId: 'v' }))).toBe(false);
    expect(list.inActivity(stored('PlaybackProgressCleared', { userId: 'u', videoId: 'v', removed: true }))).toBe(true);
  });
});
