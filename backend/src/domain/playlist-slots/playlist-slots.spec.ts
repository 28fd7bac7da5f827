import { fold } from '../decider';
import { given, stored } from '../given-when-then.spec-helper';
import { CLAIM_IN_FLIGHT_MS, SlotClaim, claimCounts, newestClaims, playlistSlots } from './playlist-slots';

const user = 'u1';
const claimed = (...playlists: [string, number][]) => ({
  type: 'PlaylistSlotsClaimed' as const,
  data: { userId: user, playlists: playlists.map(([playlistId, after]) => ({ playlistId, after })) },
});
const claim = (activePlaylists: number, ...playlistIds: string[]) => ({
  type: 'ClaimPlaylistSlots' as const,
  userId: user,
  playlists: playlistIds.map((playlistId) => ({ playlistId, after: -1 })),
  playlistsPerUser: 3,
  activePlaylists,
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
      { playlistId: 'p', after: 3, at: '2026-01-01T00:12:00.000Z' },
      { playlistId: 'q', after: -1, at: '2026-01-01T00:05:00.000Z' },
    ]);
    expect(playlistSlots.snapshot!.decode(JSON.parse(JSON.stringify(playlistSlots.snapshot!.encode(state))))).toEqual(state);
  });

  test('a claimed playlist counts by its stream once written past the claim, and until then only while it may still be', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const start = Date.parse(at);
    const created: SlotClaim = { playlistId: 'p', after: -1, at };
    // Written: the stream says, however old the claim.
    expect(claimCounts(created, { revision: 0, active: true }, start + 10 * CLAIM_IN_FLIGHT_MS)).toBe(true);
    expect(claimCounts(created, { revision: 1, active: false }, start)).toBe(false);
    // Not written yet: in flight, then abandoned.
    expect(claimCounts(created, { revision: -1, active: false }, start + CLAIM_IN_FLIGHT_MS - 1)).toBe(true);
    expect(claimCounts(created, { revision: -1, active: false }, start + CLAIM_IN_FLIGHT_MS)).toBe(false);
    // A restore: the deleted stream still at the claim's revision is not restored yet.
    const restore: SlotClaim = { playlistId: 'p', after: 4, at };
    expect(claimCounts(restore, { revision: 4, active: false }, start + 1)).toBe(true);
    expect(claimCounts(restore, { revision: 6, active: false }, start + 1)).toBe(false);
  });
});
