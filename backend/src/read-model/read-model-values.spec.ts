import type { ActivityEntry } from './read-model.port';
import { pickActivity, pickActivityFields } from './read-model-values';

describe('pickActivityFields (an activity entry as the Redis model stores it, without its position)', () => {
  const full = {
    position: 7n,
    type: 'PlaylistCreated',
    at: '2026-11-26T08:00:00.000Z',
    videoId: 'v1',
    playlistId: 'p1',
    playlistTitle: 'Mix',
    channelId: 'c1',
    correlationId: 'req-1',
    causedBy: 'CreatePlaylist',
  } as const satisfies ActivityEntry;

  it('keeps the declared fields in the declared order (the stored JSON)', () => {
    const unordered = { causedBy: 'CreatePlaylist', at: full.at, playlistId: 'p1', type: full.type, position: 7n } as ActivityEntry;
    expect(JSON.stringify(pickActivityFields(unordered))).toBe(
      `{"type":"PlaylistCreated","at":"${full.at}","playlistId":"p1","causedBy":"CreatePlaylist"}`,
    );
    expect(Object.keys(pickActivityFields(full))).toEqual([
      'type',
      'at',
      'videoId',
      'playlistId',
      'playlistTitle',
      'channelId',
      'correlationId',
      'causedBy',
    ]);
  });

  it('is pickActivity without the position', () => {
    const { position, ...rest } = pickActivity(full);
    expect(position).toBe(7n);
    expect(pickActivityFields(full)).toEqual(rest);
  });

  it('drops undeclared and non-string optional fields, and refuses an entry without a type or a time', () => {
    const odd = { ...full, videoId: 3, passwordHash: 'x', traceparent: '00-1' } as unknown as ActivityEntry;
    expect(pickActivityFields(odd)).not.toHaveProperty('videoId');
    expect(pickActivityFields(odd)).not.toHaveProperty('passwordHash');
    expect(pickActivityFields(odd)).not.toHaveProperty('traceparent');
    expect(() => pickActivityFields({ ...full, type: undefined } as unknown as ActivityEntry)).toThrow(TypeError);
    expect(() => pickActivityFields({ ...full, at: 1 } as unknown as ActivityEntry)).toThrow(TypeError);
  });
});
