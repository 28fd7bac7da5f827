import { SCHEMA_VERSION_KEY, currentVersion, storedVersion, upcast } from './event-versions';

describe('event versions and upcasters', () => {
  const createdAt = '2026-01-02T03:04:05.000Z';

  test('VideoWatched is at version 2; a version 1 event without a watch time is read with its createdAt', () => {
    expect(currentVersion('VideoWatched')).toBe(2);
    expect(upcast('VideoWatched', 1, { data: { userId: 'u', videoId: 'v' }, createdAt })).toEqual({
      userId: 'u',
      videoId: 'v',
      watchedAt: createdAt,
    });
  });

  test('a version 1 event that has a watch time keeps it; a version 2 event is not touched', () => {
    const data = { userId: 'u', videoId: 'v', watchedAt: '2020-01-01T00:00:00.000Z' };
    expect(upcast('VideoWatched', 1, { data, createdAt })).toEqual(data);
    const v2 = { userId: 'u', videoId: 'v' };
    expect(upcast('VideoWatched', 2, { data: v2, createdAt })).toBe(v2);
  });

  test('types that never changed are at version 1; an event with no version in its metadata is version 1', () => {
    expect(currentVersion('VideoLiked')).toBe(1);
    expect(storedVersion({})).toBe(1);
    expect(storedVersion({ [SCHEMA_VERSION_KEY]: 2 })).toBe(2);
    expect(storedVersion({ [SCHEMA_VERSION_KEY]: 'two' })).toBe(1);
  });
});
