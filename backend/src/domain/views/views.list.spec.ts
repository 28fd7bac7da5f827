import { given } from '../given-when-then.spec-helper';
import { viewsList } from './views.list';

const viewed = (videoId: string, at: string) => ({
  type: 'VideoViewed',
  data: { userId: 'v', videoId, at, hour: `${at.slice(0, 13)}:00:00.000Z` },
});

describe('views decider', () => {
  test('a viewer counts once per video per clock hour', () => {
    const first = viewed('a', '2026-11-25T10:05:00.000Z');
    given(viewsList, []).when({ type: 'RecordView', userId: 'v', videoId: 'a', at: '2026-11-25T10:05:00.000Z' }).then([first]);
    given(viewsList, [first]).when({ type: 'RecordView', userId: 'v', videoId: 'a', at: '2026-11-25T10:59:59.000Z' }).then([]);
    given(viewsList, [first])
      .when({ type: 'RecordView', userId: 'v', videoId: 'b', at: '2026-11-25T10:30:00.000Z' })
      .then([viewed('b', '2026-11-25T10:30:00.000Z')]);
    given(viewsList, [first])
      .when({ type: 'RecordView', userId: 'v', videoId: 'a', at: '2026-11-25T11:00:00.000Z' })
      .then([viewed('a', '2026-11-25T11:00:00.000Z')]);
  });

  test('a report from an hour already past records nothing', () => {
    given(viewsList, [viewed('a', '2026-11-25T11:00:00.000Z')])
      .when({ type: 'RecordView', userId: 'v', videoId: 'b', at: '2026-11-25T10:59:00.000Z' })
      .then([]);
  });
});
