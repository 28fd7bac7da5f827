import { fold } from '../decider';
import { given, stored } from '../given-when-then.spec-helper';
import { newestClaims } from '../capped';
import { playlistSlots } from './playlist-slots';

const user = 'u1';
const claimed = (...playlists: [string, number][]) => ({
  type: 'PlaylistSlotsClaimed' as const,
  data: { userId: user, playlists: playlists.map(([playlistId, after]) => ({ playlistId, after })) },
});
const claim = (counted: number, ...playlistIds: string[]) => ({
  type: 'ClaimSlots' as const,
  userId: user,
  activations: playlistIds.map((id) => ({ id, after: -1 })),
  limit: 3,
  counted,
});

describe('playlist slots', () => {
  test('a claim within the cap is appended with its playlists; one past it is the playlist cap', () => {
    const { type, data } = claimed(['a', -1], ['b', -1]);
    given(playlistSlots, [])
      .when(claim(1, 'a', 'b'))
      .then([{ type, data }]);
    given(playlistSlots, [])
      .when(claim(2, 'a', 'b'))
      .thenFails('PLAYLIST_CAP_REACHED');
    given(playlistSlots, []).when(claim(3)).then([]);
  });

  test('claims are kept with their time, the newest of a playlist last; those long older than the newest are dropped', () => {
    const state = fold(playlistSlots, playlistSlots.initialState(), [
      stored(claimed(['old', -1]), 1n, '2026-01-01T00:00:00.000Z'),
      stored(claimed(['p', -1], ['q', -1]), 2n, '2026-01-01T00:05:00.000Z'),
      stored(claimed(['p', 3]), 3n, '2026-01-01T00:12:00.000Z'),
    ]);
    expect(newestClaims(state)).toEqual([
      { id: 'p', after: 3, at: '2026-01-01T00:12:00.000Z' },
      { id: 'q', after: -1, at: '2026-01-01T00:05:00.000Z' },
    ]);
    expect(playlistSlots.snapshot!.decode(JSON.parse(JSON.stringify(playlistSlots.snapshot!.encode(state))))).toEqual(state);
  });
});
