import { given } from '../given-when-then.spec-helper';
import { videoList } from './video.list';

const fields = { title: 'A', description: 'd', channel: 'C', categoryId: 'cat', duration: '1:00', thumbnail: 't' };
const video = { videoId: 'abcdefghijk', publishedAt: '2026-01-01T00:00:00.000Z', ...fields };
const published = { type: 'VideoPublished', data: { userId: 'op', ...video } };
const retired = { type: 'VideoRetired', data: { userId: 'op', videoId: video.videoId } };
const { videoId } = video;
const categories = new Set(['cat']);

describe('video decider', () => {
  test('a video is published once: again, or after retiring, is a 409', () => {
    given(videoList, []).when({ type: 'PublishVideo', userId: 'op', video }).then([published]);
    given(videoList, [published]).when({ type: 'PublishVideo', userId: 'op', video }).thenFails('VIDEO_EXISTS');
    given(videoList, [published, retired]).when({ type: 'PublishVideo', userId: 'op', video }).thenFails('VIDEO_EXISTS');
  });

  test('an edit records only the fields that change, and nothing when none does', () => {
    given(videoList, [published])
      .when({ type: 'EditVideo', userId: 'op', videoId, changes: { title: 'B', channel: 'C' } })
      .then([{ type: 'VideoEdited', data: { userId: 'op', videoId, title: 'B' } }]);
    given(videoList, [published])
      .when({ type: 'EditVideo', userId: 'op', videoId, changes: { title: 'A' } })
      .then([]);
    given(videoList, [published, { type: 'VideoEdited', data: { userId: 'op', videoId, title: 'B' } }])
      .when({ type: 'EditVideo', userId: 'op', videoId, changes: { title: 'B' } })
      .then([]);
  });

  test('retire and restore are idempotent; an unknown video is a 404', () => {
    given(videoList, [published]).when({ type: 'RetireVideo', userId: 'op', videoId }).then([retired]);
    given(videoList, [published, retired]).when({ type: 'RetireVideo', userId: 'op', videoId }).then([]);
    given(videoList, [published, retired])
      .when({ type: 'RestoreVideo', userId: 'op', videoId, categories })
      .then([{ type: 'VideoRestored', data: { userId: 'op', videoId } }]);
    given(videoList, [published]).when({ type: 'RestoreVideo', userId: 'op', videoId, categories }).then([]);
    given(videoList, []).when({ type: 'RetireVideo', userId: 'op', videoId }).thenFails('VIDEO_NOT_FOUND');
  });

  test('a restore into a category that is gone is refused; an edit into one that exists lets it come back', () => {
    const gone = new Set<string>();
    given(videoList, [published, retired])
      .when({ type: 'RestoreVideo', userId: 'op', videoId, categories: gone })
      .thenFails('VIDEO_CATEGORY_REMOVED');
    const moved = { type: 'VideoEdited', data: { userId: 'op', videoId, categoryId: 'other' } };
    given(videoList, [published, retired, moved])
      .when({ type: 'RestoreVideo', userId: 'op', videoId, categories: new Set(['other']) })
      .then([{ type: 'VideoRestored', data: { userId: 'op', videoId } }]);
  });

  test('its snapshot reads back as the folded state', () => {
    const state = { status: 'retired' as const, fields };
    expect(videoList.snapshot!.decode(JSON.parse(JSON.stringify(videoList.snapshot!.encode(state))))).toEqual(state);
  });
});
