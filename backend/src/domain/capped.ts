import type { NewEvent } from '../events/event';
import type { Decider, ListDefinition } from './decider';

/** The library caps settings (configuration) a capped list reads its limits from. */
interface CapSettings {
  readonly playlistsPerUser: number;
  readonly videosPerPlaylist: number;
}

/**
 * The library caps a command that grows the user's library is held to, with what its own stream
 * cannot tell: the user's count of other active playlists. Filled in on the write side.
 */
export interface LibraryCaps extends CapSettings {
  /** The user's active playlists when the command was decided, other than the command's own. */
  readonly activePlaylists: number;
}

/** A stream a write makes active (named by the id of what it holds), after this revision of it (-1: a new stream). */
export interface Activation {
  readonly id: string;
  readonly after: number;
}

/** An activation claimed on the user's claims stream, at `at` (the store's time). */
export interface SlotClaim extends Activation {
  readonly at: string;
}

/** A user's claims stream, folded: the recent claims, oldest first (an id may be claimed more than once: its newest claim says). */
export interface SlotClaims {
  readonly claims: readonly SlotClaim[];
}

/**
 * Claims the slots of `activations`, which the caller decided to make: `counted` is the user's count
 * of others that are active, or claimed and not written yet, as read on the claims stream's current
 * revision (the caller appends with it, so nobody claimed in between); `limit` is the cap.
 */
export interface ClaimSlots {
  readonly type: 'ClaimSlots';
  readonly userId: string;
  readonly activations: readonly Activation[];
  readonly limit: number;
  readonly counted: number;
}

/**
 * A claim not yet followed by its write counts for this long after it was made: the write is in
 * flight, or was abandoned (its process stopped between the two appends). The write side never
 * appends an activation later than half of this after its claim (commands/shared/capped-runner.ts),
 * so a claim stops counting only once its write can no longer come.
 */
export const CLAIM_IN_FLIGHT_MS = 120_000;

/** Where a claimed stream is now: its revision (-1: no stream) and whether it is active. */
export interface ClaimedStream {
  readonly revision: number;
  readonly active: boolean;
}

/**
 * Whether a claim counts towards the user's cap at `now` (ms): once its stream moved past the claim's
 * revision, the write happened (or another did) and the stream says whether it is active; until then
 * the claim counts while it may still be written.
 */
export function claimCounts(claim: SlotClaim, stream: ClaimedStream, now: number): boolean {
  if (stream.revision > claim.after) return stream.active;
  return now - Date.parse(claim.at) < CLAIM_IN_FLIGHT_MS;
}

/** The newest claim of each id. */
export function newestClaims(state: SlotClaims): SlotClaim[] {
  return [...new Map(state.claims.map((claim) => [claim.id, claim])).values()];
}

/**
 * A cap on how many of a user's streams of one list are active at once, decided exactly across
 * writers: every write that may make one active first claims it on the user's claims stream,
 * appended with the revision the count was made on. The list says what is counted and where it is
 * claimed; the write side (commands/shared/capped-runner.ts) counts, claims and writes.
 */
interface ActiveStreamsCap<State, Lib extends object> {
  /** The cap, from the settings. */
  readonly limit: (settings: CapSettings) => number;
  /** The user's claims stream, and its rules. */
  readonly claimsStream: (userId: string) => string;
  readonly claims: Decider<ClaimSlots, NewEvent, SlotClaims>;
  /** The stream of one counted id (decided by the list that has this cap). */
  readonly streamOf: (id: string) => string;
  /** The user's streams of this list as their library shows them, by id; and the library showing these instead. */
  readonly inLibrary: (library: Lib) => ReadonlyMap<string, State>;
  readonly withInLibrary: <L extends Lib>(library: L, states: ReadonlyMap<string, State>) => L;
  readonly isActive: (state: State) => boolean;
}

/**
 * How the write side caps a list's commands: the hook a list's definition provides. `Lib` is the part of
 * the user's library (domain/library/library.ts) the cap reads, named by the list: the library folds
 * every list, so naming its whole type here would make the lists and the library import each other.
 */
export interface CappedCommands<Command, Event extends NewEvent, State, Lib extends object = object> {
  /**
   * Undefined: the command never grows the library. Else it needs the caps, and with `activates`
   * it may make that stream of the user's active: it is decided under the list's cap.
   */
  readonly growth: (command: Command) => { readonly activates?: { readonly userId: string; readonly id: string } } | undefined;
  /** The command with its caps filled in: the settings, and `counted`, the user's other active streams. */
  readonly withCaps: (command: Command, settings: CapSettings, counted: number) => Command;
  /** Whether a decided event makes a stream active. */
  readonly activates: (event: Event) => boolean;
  readonly cap: ActiveStreamsCap<State, Lib>;
}

/** A list whose commands are capped. */
export type CappedList<Command, Event extends NewEvent, State, Lib extends object = object> = ListDefinition<Command, Event, State> & {
  readonly capped: CappedCommands<Command, Event, State, Lib>;
};

/** Whether the list's commands are capped; `Lib`: the library the caller reads its caps from. */
export const isCapped = <C, E extends NewEvent, S, Lib extends object>(list: ListDefinition<C, E, S>): list is CappedList<C, E, S, Lib> =>
  'capped' in list && list.capped !== undefined;
