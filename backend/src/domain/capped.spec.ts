import { CLAIM_IN_FLIGHT_MS, SlotClaim, claimCounts } from './capped';

describe('claims under a cap', () => {
  test('a claimed stream counts by its stream once written past the claim, and until then only while it may still be', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const start = Date.parse(at);
    const created: SlotClaim = { id: 'p', after: -1, at };
    // Written: the stream says, however old the claim.
    expect(claimCounts(created, { revision: 0, active: true }, start + 10 * CLAIM_IN_FLIGHT_MS)).toBe(true);
    expect(claimCounts(created, { revision: 1, active: false }, start)).toBe(false);
    // Not written yet: in flight, then abandoned.
    expect(claimCounts(created, { revision: -1, active: false }, start + CLAIM_IN_FLIGHT_MS - 1)).toBe(true);
    expect(claimCounts(created, { revision: -1, active: false }, start + CLAIM_IN_FLIGHT_MS)).toBe(false);
    // A restore: the deleted stream still at the claim's revision is not restored yet.
    const restore: SlotClaim = { id: 'p', after: 4, at };
    expect(claimCounts(restore, { revision: 4, active: false }, start + 1)).toBe(true);
    expect(claimCounts(restore, { revision: 6, active: false }, start + 1)).toBe(false);
  });
});
