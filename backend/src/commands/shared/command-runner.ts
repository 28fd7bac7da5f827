import type { NewEvent, StoredEvent } from '../../events/event';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { EVENT_STORE, EventStore, WrongExpectedRevisionError } from '../../event-store/event-store.port';
import { SNAPSHOT_STORE, SnapshotStore } from '../../snapshots/snapshot-store.port';
import { Decider, SnapshotCodec, fold } from '../../domain/decider';
import { decideAgainOnConflict } from './decide-again';
import { FoldedStateCache, FoldedState } from './folded-state-cache';
import { KeyedMutex } from '../../shared/keyed-mutex';
import { Decided } from './write-result';

/**
 * A snapshot is saved once a stream has grown by this many events since the last one: after a
 * restart a command then reads at most this many events, however long the stream. Small states
 * (a user's lists) make a save cheap next to reading a few hundred events.
 */
const SNAPSHOT_EVERY = 200;
const SNAPSHOT_EVERY_TOKEN = Symbol('SNAPSHOT_EVERY');

/**
 * A stream with no snapshot yet (written before snapshots, or by a tool) is read and folded this many
 * events at a time, giving the event loop back in between: its first command may take a while, but
 * other requests are not stalled meanwhile.
 */
const CHUNK = 1000;

type Event = NewEvent;
type FoldingDecider<E extends Event, State> = Pick<
  Decider<never, E, State>,
  'name' | 'eventTypes' | 'initialState' | 'evolve' | 'snapshot'
>;

/**
 * The one command-handling loop (decider pattern): read the stream, fold, decide, append with
 * the revision that was read. A concurrent writer makes the append fail instead of
 * silently interleaving; the command is then decided again on the fresh state.
 *
 * Reading stays proportional to what is new, not to the stream's length: the folded state is
 * cached with its revision (so a command reads only the events since), and saved as a snapshot
 * every SNAPSHOT_EVERY events (so that after a restart, or in another process, it reads only
 * the events since the snapshot).
 */
@Injectable()
export class CommandRunner {
  private readonly logger = new Logger(CommandRunner.name);
  private readonly mutex = new KeyedMutex();
  private readonly cache = new FoldedStateCache();
  /** Streams with a snapshot save in flight: one at a time each. */
  private readonly saving = new Set<string>();
  private snapshotFailureLogged = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(SNAPSHOT_STORE) private readonly snapshots?: SnapshotStore,
    @Optional() @Inject(SNAPSHOT_EVERY_TOKEN) private readonly snapshotEvery: number = SNAPSHOT_EVERY,
  ) {}

  /**
   * Decides `command` on the stream's current state and appends what it decided. With
   * `expectedRevision` (a plan made on an earlier read: undo), a stream that moved since is not
   * decided again here: the WrongExpectedRevisionError goes back to the planner.
   */
  run<Command, E extends Event, State>(
    stream: string,
    decider: Decider<Command, E, State>,
    command: Command,
    expectedRevision?: number,
  ): Promise<Decided> {
    const once = () => this.decideAndAppend(stream, decider, command, expectedRevision);
    return this.mutex.runExclusive(stream, () => (expectedRevision === undefined ? decideAgainOnConflict(once) : once()));
  }

  /** The current folded state of a stream, for reads that need the authoritative answer. */
  async load<E extends Event, State>(stream: string, decider: FoldingDecider<E, State>): Promise<FoldedState<State> | undefined> {
    const key = `${decider.name}:${stream}`;
    const { base, newer } = await this.readSince(stream, key, decider);
    if (newer.length === 0) {
      if (base) this.cache.set(key, base);
      return base;
    }
    const last = newer[newer.length - 1]!;
    const current: FoldedState<State> = {
      state: await foldInChunks(decider, base?.state ?? decider.initialState(), newer),
      revision: last.revision,
      position: last.position,
      snapshotRevision: base?.snapshotRevision ?? -1,
    };
    const result = this.snapshotIfDue(stream, key, decider.snapshot, current);
    this.cache.set(key, result);
    return result;
  }

  /** The best known state to start from (cache, else a snapshot that checks out) and the events after it. */
  private async readSince<E extends Event, State>(
    stream: string,
    key: string,
    decider: FoldingDecider<E, State>,
  ): Promise<{ base?: FoldedState<State>; newer: StoredEvent[] }> {
    const cached = this.cache.get<State>(key);
    if (cached) return { base: cached, newer: await this.readFrom(stream, cached.revision + 1) };
    const codec = decider.snapshot;
    const snapshot = codec && (await this.loadSnapshot(key));
    if (codec && snapshot && snapshot.version === codec.version) {
      // Read from the snapshot's own event: it must still be there with the same id, or the snapshot
      // describes some other store's stream (a wiped data directory beside a kept Redis) and is ignored.
      const events = await this.readFrom(stream, snapshot.revision);
      const state = events[0]?.id === snapshot.eventId ? this.decodeSnapshot(codec, snapshot.state) : undefined;
      if (state !== undefined) {
        const base = { state, revision: snapshot.revision, position: events[0]!.position, snapshotRevision: snapshot.revision };
        return { base, newer: events.slice(1) };
      }
    }
    return { newer: await this.readFrom(stream, 0) };
  }

  /** The stream from `fromRevision` on, a page of CHUNK events at a time. */
  private async readFrom(stream: string, fromRevision: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for (let from = fromRevision; ;) {
      const page = await this.store.readStream(stream, { fromRevision: from, maxCount: CHUNK });
      for (const event of page) events.push(event);
      if (page.length < CHUNK) return events;
      from = page[page.length - 1]!.revision + 1;
      await yieldToLoop();
    }
  }

  private async loadSnapshot(key: string) {
    try {
      return await this.snapshots?.load(key);
    } catch (error) {
      this.snapshotFailed('read', error);
      return undefined;
    }
  }

  private decodeSnapshot<State>(codec: SnapshotCodec<State>, json: unknown): State | undefined {
    try {
      return codec.decode(json);
    } catch {
      return undefined;
    }
  }

  /** Starts saving a snapshot when the stream has grown enough since the last; never waits for it. */
  private snapshotIfDue<State>(
    stream: string,
    key: string,
    codec: SnapshotCodec<State> | undefined,
    current: FoldedState<State>,
  ): FoldedState<State> {
    if (!codec || !this.snapshots || current.revision - current.snapshotRevision < this.snapshotEvery) return current;
    if (this.saving.has(key)) return current;
    this.saving.add(key);
    this.saveSnapshot(stream, key, codec, current)
      .catch((error: unknown) => this.snapshotFailed('save', error))
      .finally(() => this.saving.delete(key));
    // Counted as saved even if the save fails: the next attempt comes SNAPSHOT_EVERY events later.
    return { ...current, snapshotRevision: current.revision };
  }

  private async saveSnapshot<State>(stream: string, key: string, codec: SnapshotCodec<State>, current: FoldedState<State>): Promise<void> {
    const state = codec.encode(current.state);
    // The id of the last event folded in, which a later load checks: an append does not return it.
    const [event] = await this.store.readStream(stream, { fromRevision: current.revision });
    if (event?.revision !== current.revision) return;
    await this.snapshots!.save(key, {
      version: codec.version,
      revision: current.revision,
      eventId: event.id,
      position: event.position,
      state,
    });
  }

  /** Snapshots only save time: without them every command still works, so one warning is enough. */
  private snapshotFailed(what: 'read' | 'save', error: unknown): void {
    if (this.snapshotFailureLogged) return;
    this.snapshotFailureLogged = true;
    this.logger.warn(`Snapshot ${what} failed; commands fold their streams without it: ${(error as Error).message}`);
  }

  /**
   * One read → decide → append. What was appended is not folded into the cache here: the events
   * get their positions (sort keys) from the store, so the next load reads them back instead.
   */
  private async decideAndAppend<Command, E extends Event, State>(
    stream: string,
    decider: Decider<Command, E, State>,
    command: Command,
    expectedRevision: number | undefined,
  ): Promise<Decided> {
    const key = `${decider.name}:${stream}`;
    const current = await this.load(stream, decider);
    const revision = current ? current.revision : -1;
    if (expectedRevision !== undefined && expectedRevision !== revision) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, current ? revision : 'no_stream');
    }
    const events = decider.decide(command, current?.state ?? decider.initialState());
    if (events.length === 0) return { position: current?.position, events };
    try {
      const appended = await this.store.appendToStream(stream, events, current ? current.revision : 'no_stream');
      return { position: appended.position, events };
    } catch (error) {
      // Another process wrote the stream: what is cached is behind it.
      if (error instanceof WrongExpectedRevisionError) this.cache.delete(key);
      throw error;
    }
  }
}

async function foldInChunks<E extends Event, State>(
  decider: Pick<Decider<never, E, State>, 'evolve' | 'eventTypes'>,
  state: State,
  events: readonly StoredEvent[],
): Promise<State> {
  let folded = state;
  for (let at = 0; at < events.length; at += CHUNK) {
    if (at > 0) await yieldToLoop();
    folded = fold(decider, folded, events.slice(at, at + CHUNK));
  }
  return folded;
}
