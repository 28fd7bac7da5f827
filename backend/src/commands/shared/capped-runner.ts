import type { NewEvent } from '../../events/event';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { WrongExpectedRevisionError } from '../../event-store/event-store.port';
import { streams } from '../../events/app-events';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import type { LibraryCaps, ListDefinition } from '../../domain/decider';
import { Library, activePlaylists } from '../../domain/library/library';
import {
  CLAIM_IN_FLIGHT_MS,
  PlaylistSlotsState,
  claimCounts,
  newestClaims,
  playlistSlots,
} from '../../domain/playlist-slots/playlist-slots';
import { playlistList } from '../../domain/playlist/playlist.list';
import { KeyedMutex } from '../../shared/keyed-mutex';
import { CommandRunner } from './command-runner';
import { decideAgainOnConflict } from './decide-again';
import { Decided } from './write-result';

/**
 * A write still making playlists active this long after its claim claims them again before the
 * next: the claim then still counts everywhere (CLAIM_IN_FLIGHT_MS) for as long again, with room
 * for a slow append and for clocks a little apart.
 */
const CLAIM_AGAIN_AFTER_MS = CLAIM_IN_FLIGHT_MS / 2;

/** Whoever decides and appends a planned write (the command runner). */
export interface CommandSink {
  run<C, E extends NewEvent, S>(stream: string, list: ListDefinition<C, E, S>, command: C, expectedRevision?: number): Promise<Decided>;
}

/** What a write that may make playlists active is planned on. */
export interface PlaylistRoom {
  /** The user's library, with the playlists of their recent claims that it does not show yet. */
  readonly library: Library;
  /** The user's playlists that count towards the cap: active, or claimed and not written yet. */
  readonly counted: ReadonlySet<string>;
}

/** A playlist a write makes active, after this revision of its stream (-1: a new one). */
interface Activation {
  readonly playlistId: string;
  readonly after: number;
}

/** A planned write: the playlists it makes active, and the write. */
export interface PlannedActivation<T> {
  readonly activates: readonly Activation[];
  readonly write: (sink: CommandSink) => Promise<T>;
}

/** The time claims are judged by (ms): the system's, as the store's own time that stamps them. */
const NOW_TOKEN = Symbol('CappedRunner.now');

const countOtherThan = (counted: ReadonlySet<string>, playlistIds: readonly string[]) =>
  [...counted].filter((id) => !playlistIds.includes(id)).length;

/**
 * The command runner with the library caps (settings) added to every command that grows the
 * user's library, whoever sends it: the playlist routes, an import, an undo (the list's `capped`
 * hook says which). The deciders decide them; this supplies what they cannot see in their own
 * stream: the user's count of active playlists.
 *
 * That count is decided exactly, for every write that may make a playlist active: one at a time per
 * user in this process, and across processes through the user's playlist slots stream
 * (lists/playlist-slots.ts), where the write first claims the playlists it makes active, appended
 * with the revision the count was made on. A claim by anyone in between makes the write planned
 * again, counting it; a claim whose playlist is not written yet counts while it may still be.
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
    const capped = list.capped;
    const growth = capped?.growth(command);
    if (!capped || !growth) return this.runner.run(stream, list, command, expectedRevision);
    const { playlistsPerUser, videosPerPlaylist } = this.config.libraryCaps;
    const caps = (active: number): LibraryCaps => ({ playlistsPerUser, videosPerPlaylist, activePlaylists: active });
    if (!growth.activates) return this.runner.run(stream, list, capped.withCaps(command, caps(0)), expectedRevision);
    const { userId, playlistId } = growth.activates;
    return this.underPlaylistCap(userId, async ({ counted }) => {
      const withCaps = capped.withCaps(command, caps(countOtherThan(counted, [playlistId])));
      // Decided here first, on the stream as it is: a refusal claims nothing, and only an activation claims a slot.
      const current = await this.runner.load(stream, list);
      const after = current?.revision ?? -1;
      if (expectedRevision !== undefined && expectedRevision !== after) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, current ? after : 'no_stream');
      }
      const activates = list.decide(withCaps, current?.state ?? list.initialState()).some(capped.activates);
      return {
        activates: activates ? [{ playlistId, after }] : [],
        write: (sink) => sink.run(stream, list, withCaps, expectedRevision),
      };
    });
  }

  /**
   * Plans and writes, under the user's playlist cap, a write that may make their playlists active:
   * `plan` gets the user's playlists as they count now and says which it makes active; those are
   * claimed, then the plan is written. A plan refused by its rules (a cap reached) claims nothing.
   * A conflict on another stream than the slots goes back to the caller.
   */
  underPlaylistCap<T>(userId: string, plan: (room: PlaylistRoom) => Promise<PlannedActivation<T>> | PlannedActivation<T>): Promise<T> {
    return this.users.runExclusive(userId, async () => {
      const { planned, at } = await this.claim(userId, plan);
      return planned.write(this.keepingClaims(userId, planned.activates, at));
    });
  }

  /**
   * Claims the playlists `plan` makes active on the room it is given, with the slots stream's revision
   * the room was read on: a claim by anyone in between makes it read and planned again. Returns the
   * plan and when it was claimed.
   */
  private claim<P extends { readonly activates: readonly Activation[] }>(
    userId: string,
    plan: (room: PlaylistRoom) => Promise<P> | P,
  ): Promise<{ planned: P; at: number }> {
    const slots = streams.playlistSlots(userId);
    return decideAgainOnConflict(async () => {
      const claims = await this.runner.load(slots, playlistSlots);
      const room = await this.room(userId, claims?.state ?? playlistSlots.initialState());
      const planned = await plan(room);
      const at = this.now();
      const playlists = planned.activates;
      if (playlists.length > 0) {
        const { playlistsPerUser } = this.config.libraryCaps;
        const activePlaylists = countOtherThan(
          room.counted,
          playlists.map(({ playlistId }) => playlistId),
        );
        const claim = { type: 'ClaimPlaylistSlots' as const, userId, playlists, playlistsPerUser, activePlaylists };
        await this.runner.run(slots, playlistSlots, claim, claims?.revision ?? -1);
      }
      return { planned, at };
    }, slots);
  }

  /**
   * The command runner for a planned write: a playlist it claimed long ago is claimed again (with
   * the rest it has not written yet) before it is written, so that the claim never stops counting
   * while the write may still come.
   */
  private keepingClaims(userId: string, claimed: readonly Activation[], claimedAt: number): CommandSink {
    const unwritten = new Map(claimed.map((activation) => [activation.playlistId, activation]));
    let claimAgainAt = claimedAt + CLAIM_AGAIN_AFTER_MS;
    return {
      run: async <C, E extends NewEvent, S>(stream: string, list: ListDefinition<C, E, S>, command: C, expectedRevision?: number) => {
        const playlistId = list.capped?.growth(command)?.activates?.playlistId;
        const claimedHere = playlistId !== undefined && unwritten.has(playlistId);
        if (claimedHere && this.now() > claimAgainAt) {
          const { at } = await this.claim(userId, () => ({ activates: [...unwritten.values()] }));
          claimAgainAt = at + CLAIM_AGAIN_AFTER_MS;
        }
        const decided = await this.runner.run(stream, list, command, expectedRevision);
        if (claimedHere) unwritten.delete(playlistId);
        return decided;
      },
    };
  }

  /**
   * The user's library and the playlists that count: the library finds playlists through the read
   * model, which may not show the newest yet; their claims name them, and their streams say.
   */
  private async room(userId: string, slots: PlaylistSlotsState): Promise<PlaylistRoom> {
    const library = await this.checkpoints.current(userId);
    const playlists = new Map(library.playlists);
    const claimed = new Set<string>();
    const now = this.now();
    for (const claim of newestClaims(slots)) {
      // A new playlist the library shows is written: the library says whether it is active.
      if (claim.after < 0 && library.playlists.has(claim.playlistId)) continue;
      const stream = await this.runner.load(streams.playlist(claim.playlistId), playlistList);
      const revision = stream?.revision ?? -1;
      if (stream && revision > claim.after) playlists.set(claim.playlistId, stream.state);
      if (claimCounts(claim, { revision, active: stream?.state.status === 'active' }, now)) claimed.add(claim.playlistId);
    }
    const known = { ...library, playlists };
    return { library: known, counted: new Set([...activePlaylists(known).map(([id]) => id), ...claimed]) };
  }
}
