import { CapReached } from '../../errors/cap-reached';
import { PlaylistSlotsEvent } from '../../events/app-events';
import type { Decider, SnapshotCodec } from '../decider';
import { asObject } from '../snapshot-json';

/**
 * A claim not yet followed by its write counts for this long after it was made: the write is in
 * flight, or was abandoned (its process stopped between the two appends). The write side never
 * appends an activation later than half of this after its claim (commands/shared/capped-runner.ts),
 * so a claim stops counting only once its write can no longer come.
 */
export const CLAIM_IN_FLIGHT_MS = 120_000;

/**
 * Claims are kept while they are this recent next to the newest: long enough that a playlist
 * claimed here is in the user's library (through the read model) long before its claim is dropped.
 */
const CLAIMS_KEPT_MS = 10 * 60_000;

/** One playlist a write makes active, after revision `after` of its stream (-1: a new stream), claimed at `at` (the store's time). */
export interface SlotClaim {
  readonly playlistId: string;
  readonly after: number;
  readonly at: string;
}

export interface PlaylistSlotsState {
  /** The recent claims, oldest first (a playlist may be claimed more than once: its newest claim says). */
  readonly claims: readonly SlotClaim[];
}

/**
 * Claims the slots of `playlists`, which the caller decided to make active: `activePlaylists` is
 * the user's count of other playlists that are active, or claimed and not written yet, as read on
 * this stream's current revision (the caller appends with it, so nobody claimed in between).
 */
export interface ClaimPlaylistSlots {
  readonly type: 'ClaimPlaylistSlots';
  readonly userId: string;
  readonly playlists: readonly { readonly playlistId: string; readonly after: number }[];
  readonly playlistsPerUser: number;
  readonly activePlaylists: number;
}

/** Where a claimed playlist's stream is now: its revision (-1: no stream) and whether it is active. */
export interface ClaimedStream {
  readonly revision: number;
  readonly active: boolean;
}

/**
 * Whether a claimed playlist counts towards the user's cap at `now` (ms): once its stream moved past
 * the claim's revision, the write happened (or another did) and the stream says whether it is active;
 * until then the claim counts while it may still be written.
 */
export function claimCounts(claim: SlotClaim, stream: ClaimedStream, now: number): boolean {
  if (stream.revision > claim.after) return stream.active;
  return now - Date.parse(claim.at) < CLAIM_IN_FLIGHT_MS;
}

/** The newest claim of each playlist. */
export function newestClaims(state: PlaylistSlotsState): SlotClaim[] {
  return [...new Map(state.claims.map((claim) => [claim.playlistId, claim])).values()];
}

const isClaim = (row: unknown): row is [string, number, string] =>
  Array.isArray(row) &&
  row.length === 3 &&
  typeof row[0] === 'string' &&
  Number.isSafeInteger(row[1]) &&
  (row[1] as number) >= -1 &&
  typeof row[2] === 'string';

const slotsSnapshot: SnapshotCodec<PlaylistSlotsState> = {
  version: 1,
  encode: ({ claims }) => ({ claims: claims.map(({ playlistId, after, at }) => [playlistId, after, at]) }),
  decode: (json) => {
    const { claims } = asObject(json);
    if (!Array.isArray(claims) || !claims.every(isClaim)) throw new TypeError('snapshot: claims');
    return { claims: claims.map(([playlistId, after, at]) => ({ playlistId, after, at })) };
  },
};

/**
 * A user's playlist slots (stream `playlistslots-<userId>`): the playlist cap decided by the store
 * itself, since every write that makes a playlist active first claims it here, appended with the
 * revision the cap was decided on. Two writers (two requests, two instances) can then never both
 * take the last slot: the second finds the stream moved and decides again, counting the first's
 * claim. Not a list: no read-model changes, nothing to undo.
 */
export const playlistSlots: Decider<ClaimPlaylistSlots, PlaylistSlotsEvent, PlaylistSlotsState> = {
  name: 'playlist-slots',
  eventTypes: ['PlaylistSlotsClaimed'],
  initialState: () => ({ claims: [] }),
  // One event type: each claim adds its playlists, and drops claims long older than it.
  evolve: (state, { data, createdAt: at }) => {
    const kept = state.claims.filter((claim) => Date.parse(claim.at) >= Date.parse(at) - CLAIMS_KEPT_MS);
    return { claims: [...kept, ...data.playlists.map(({ playlistId, after }) => ({ playlistId, after, at }))] };
  },
  decide: ({ userId, playlists, playlistsPerUser, activePlaylists }) => {
    if (playlists.length === 0) return [];
    if (activePlaylists + playlists.length > playlistsPerUser) throw new CapReached('PLAYLIST_CAP_REACHED', playlistsPerUser);
    return [
      { type: 'PlaylistSlotsClaimed', data: { userId, playlists: playlists.map(({ playlistId, after }) => ({ playlistId, after })) } },
    ];
  },
  snapshot: slotsSnapshot,
};
