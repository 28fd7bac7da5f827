import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { WrongExpectedRevisionError } from '../../event-store/event-store.port';
import type { NewEvent } from '../../events/event';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import { Activation, CLAIM_IN_FLIGHT_MS, CappedList, SlotClaims, claimCounts, isCapped, newestClaims } from '../../domain/capped';
import type { ListDefinition } from '../../domain/decider';
import type { Library } from '../../domain/library/library';
import { KeyedMutex } from '../../shared/keyed-mutex';
import { CommandRunner } from './command-runner';
import { decideAgainOnConflict } from './decide-again';
import { Decided } from './write-result';

/**
 * A write still making streams active this long after its claim claims them again before the
 * next: the claim then still counts everywhere (CLAIM_IN_FLIGHT_MS) for as long again, with room
 * for a slow append and for clocks a little apart.
 */
const CLAIM_AGAIN_AFTER_MS = CLAIM_IN_FLIGHT_MS / 2;

/** Whoever decides and appends a planned write (the command runner). */
export interface CommandSink {
  run<C, E extends NewEvent, S>(stream: string, list: ListDefinition<C, E, S>, command: C, expectedRevision?: number): Promise<Decided>;
}

/** What a write that may make a capped list's streams active is planned on. */
export interface CapRoom {
  /** The user's library, with the streams of their recent claims that it does not show yet. */
  readonly library: Library;
  /** The ids of the user's streams that count towards the cap: active, or claimed and not written yet. */
  readonly counted: ReadonlySet<string>;
}

/** A planned write: the streams it makes active, and the write. */
export interface PlannedActivation<T> {
  readonly activates: readonly Activation[];
  readonly write: (sink: CommandSink) => Promise<T>;
}

/** The time claims are judged by (ms): the system's, as the store's own time that stamps them. */
const NOW_TOKEN = Symbol('CappedRunner.now');

const countOtherThan = (counted: ReadonlySet<string>, ids: readonly string[]) => [...counted].filter((id) => !ids.includes(id)).length;

/**
 * The command runner with the library caps (settings) added to every command that grows the
 * user's library, whoever sends it: the list routes, an import, an undo. The list's definition says
 * which commands grow it and how its cap counts (its `capped` hook); the deciders decide them; this
 * supplies what they cannot see in their own stream: the user's count of active streams.
 *
 * That count is decided exactly, for every write that may make a stream active: one at a time per
 * user in this process, and across processes through the user's claims stream (the cap's), where
 * the write first claims the streams it makes active, appended with the revision the count was made
 * on. A claim by anyone in between makes the write planned again, counting it; a claim whose stream
 * is not written yet counts while it may still be.
 */
@Injectable()
export class CappedRunner {
  private readonly users = new KeyedMutex();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: CommandRunner,
    private readonly checkpoints: LibraryCheckpoints,
    @Optional() @Inject(NOW_TOKEN) private readonly now: () => number = Date.now,
  ) {}

  run<C, E extends NewEvent, S>(stream: string, list: ListDefinition<C, E, S>, command: C, expectedRevision?: number): Promise<Decided> {
    if (!isCapped<C, E, S, Library>(list)) return this.runner.run(stream, list, command, expectedRevision);
    const { capped } = list;
    const growth = capped.growth(command);
    if (!growth) return this.runner.run(stream, list, command, expectedRevision);
    const settings = this.config.libraryCaps;
    if (!growth.activates) return this.runner.run(stream, list, capped.withCaps(command, settings, 0), expectedRevision);
    const { userId, id } = growth.activates;
    return this.underCap(userId, list, async ({ counted }) => {
      const withCaps = capped.withCaps(command, settings, countOtherThan(counted, [id]));
      // Decided here first, on the stream as it is: a refusal claims nothing, and only an activation claims a slot.
      const current = await this.runner.load(stream, list);
      const after = current?.revision ?? -1;
      if (expectedRevision !== undefined && expectedRevision !== after) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, current ? after : 'no_stream');
      }
      const activates = list.decide(withCaps, current?.state ?? list.initialState()).some(capped.activates);
      return {
        activates: activates ? [{ id, after }] : [],
        write: (sink) => sink.run(stream, list, withCaps, expectedRevision),
      };
    });
  }

  /**
   * Plans and writes, under the user's cap on `list`'s active streams, a write that may make some
   * active: `plan` gets the user's streams as they count now and says which it makes active; those
   * are claimed, then the plan is written. A plan refused by its rules (a cap reached) claims nothing.
   * A conflict on another stream than the claims goes back to the caller.
   */
  underCap<T, C, E extends NewEvent, S>(
    userId: string,
    list: CappedList<C, E, S, Library>,
    plan: (room: CapRoom) => Promise<PlannedActivation<T>> | PlannedActivation<T>,
  ): Promise<T> {
    return this.users.runExclusive(userId, async () => {
      const { planned, at } = await this.claim(userId, list, plan);
      return planned.write(this.keepingClaims(userId, list, planned.activates, at));
    });
  }

  /**
   * Claims the streams `plan` makes active on the room it is given, with the claims stream's revision
   * the room was read on: a claim by anyone in between makes it read and planned again. Returns the
   * plan and when it was claimed.
   */
  private claim<P extends { readonly activates: readonly Activation[] }, C, E extends NewEvent, S>(
    userId: string,
    list: CappedList<C, E, S, Library>,
    plan: (room: CapRoom) => Promise<P> | P,
  ): Promise<{ planned: P; at: number }> {
    const { cap } = list.capped;
    const stream = cap.claimsStream(userId);
    return decideAgainOnConflict(async () => {
      const claims = await this.runner.load(stream, cap.claims);
      const room = await this.room(userId, list, claims?.state ?? cap.claims.initialState());
      const planned = await plan(room);
      const at = this.now();
      const activations = planned.activates;
      if (activations.length > 0) {
        const counted = countOtherThan(
          room.counted,
          activations.map(({ id }) => id),
        );
        const claim = { type: 'ClaimSlots' as const, userId, activations, limit: cap.limit(this.config.libraryCaps), counted };
        await this.runner.run(stream, cap.claims, claim, claims?.revision ?? -1);
      }
      return { planned, at };
    }, stream);
  }

  /**
   * The command runner for a planned write: a stream it claimed long ago is claimed again (with the
   * rest it has not written yet) before it is written, so that the claim never stops counting while
   * the write may still come.
   */
  private keepingClaims<C0, E0 extends NewEvent, S0>(
    userId: string,
    capped: CappedList<C0, E0, S0, Library>,
    claimed: readonly Activation[],
    claimedAt: number,
  ): CommandSink {
    const unwritten = new Map(claimed.map((activation) => [activation.id, activation]));
    let claimAgainAt = claimedAt + CLAIM_AGAIN_AFTER_MS;
    return {
      run: async <C, E extends NewEvent, S>(stream: string, list: ListDefinition<C, E, S>, command: C, expectedRevision?: number) => {
        const id = isCapped<C, E, S, Library>(list) ? list.capped.growth(command)?.activates?.id : undefined;
        const claimedHere = id !== undefined && unwritten.has(id);
        if (claimedHere && this.now() > claimAgainAt) {
          const { at } = await this.claim(userId, capped, () => ({ activates: [...unwritten.values()] }));
          claimAgainAt = at + CLAIM_AGAIN_AFTER_MS;
        }
        const decided = await this.runner.run(stream, list, command, expectedRevision);
        if (claimedHere) unwritten.delete(id);
        return decided;
      },
    };
  }

  /**
   * The user's library and the streams that count: the library finds them through the read model,
   * which may not show the newest yet; their claims name them, and their streams say.
   */
  private async room<C, E extends NewEvent, S>(userId: string, list: CappedList<C, E, S, Library>, slots: SlotClaims): Promise<CapRoom> {
    const { cap } = list.capped;
    const library = await this.checkpoints.current(userId);
    const shown = cap.inLibrary(library);
    const states = new Map(shown);
    const claimed = new Set<string>();
    const now = this.now();
    for (const claim of newestClaims(slots)) {
      // A new stream the library shows is written: the library says whether it is active.
      if (claim.after < 0 && shown.has(claim.id)) continue;
      const stream = await this.runner.load(cap.streamOf(claim.id), list);
      const revision = stream?.revision ?? -1;
      if (stream && revision > claim.after) states.set(claim.id, stream.state);
      if (claimCounts(claim, { revision, active: stream !== undefined && cap.isActive(stream.state) }, now)) claimed.add(claim.id);
    }
    const active = [...states].filter(([, state]) => cap.isActive(state)).map(([id]) => id);
    return { library: cap.withInLibrary(library, states), counted: new Set([...active, ...claimed]) };
  }
}
