import { CapReached } from '../../errors/cap-reached';
import { PlaylistSlotsEvent } from '../../events/app-events';
import type { ClaimSlots, SlotClaims } from '../capped';
import type { Decider, SnapshotCodec } from '../decider';
import { asObject } from '../snapshot-json';

/**
 * Claims are kept while they are this recent next to the newest: long enough that a playlist
 * claimed here is in the user's library (through the read model) long before its claim is dropped.
 */
const CLAIMS_KEPT_MS = 10 * 60_000;

const isClaim = (row: unknown): row is [string, number, string] =>
  Array.isArray(row) &&
  row.length === 3 &&
  typeof row[0] === 'string' &&
  Number.isSafeInteger(row[1]) &&
  (row[1] as number) >= -1 &&
  typeof row[2] === 'string';

const slotsSnapshot: SnapshotCodec<SlotClaims> = {
  version: 1,
  encode: ({ claims }) => ({ claims: claims.map(({ id, after, at }) => [id, after, at]) }),
  decode: (json) => {
    const { claims } = asObject(json);
    if (!Array.isArray(claims) || !claims.every(isClaim)) throw new TypeError('snapshot: claims');
    return { claims: claims.map(([id, after, at]) => ({ id, after, at })) };
  },
};

/**
 * A user's playlist slots (stream `playlistslots-<userId>`): the playlist cap decided by the store
 * itself, since every write that makes a playlist active first claims it here (each claim names a
 * playlist and the revision of its stream the write appends after), appended with the revision the
 * cap was decided on. Two writers (two requests, two instances) can then never both take the last
 * slot: the second finds the stream moved and decides again, counting the first's claim. Not a list:
 * no read-model changes, nothing to undo.
 */
export const playlistSlots: Decider<ClaimSlots, PlaylistSlotsEvent, SlotClaims> = {
  name: 'playlist-slots',
  eventTypes: ['PlaylistSlotsClaimed'],
  initialState: () => ({ claims: [] }),
  // One event type: each claim adds its playlists, and drops claims long older than it.
  evolve: (state, { data, createdAt: at }) => {
    const kept = state.claims.filter((claim) => Date.parse(claim.at) >= Date.parse(at) - CLAIMS_KEPT_MS);
    return { claims: [...kept, ...data.playlists.map(({ playlistId, after }) => ({ id: playlistId, after, at }))] };
  },
  decide: ({ userId, activations, limit, counted }) => {
    if (activations.length === 0) return [];
    if (counted + activations.length > limit) throw new CapReached('PLAYLIST_CAP_REACHED', limit);
    return [{ type: 'PlaylistSlotsClaimed', data: { userId, playlists: activations.map(({ id, after }) => ({ playlistId: id, after })) } }];
  },
  snapshot: slotsSnapshot,
};
