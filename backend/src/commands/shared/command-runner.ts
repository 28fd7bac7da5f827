import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  EVENT_STORE,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../../event-store/event-store.port';
import { SNAPSHOT_STORE, SnapshotStore } from '../../snapshots/snapshot-store.port';
import { decideAgainOnConflict } from './decide-again';
import { Decider, SnapshotCodec, StoredEvent, fold } from './decider';
import { FoldedStateCache, FoldedState } from './folded-state-cache';
import { KeyedMutex } from './keyed-mutex';
import { WriteResult } from './write-result';

/**
 * A snapshot is saved once a stream has grown by this many events since the last one: after a
 * restart a command then reads at most this many events, however long the stream. Small states
 * (a user's lists) make a save cheap next to reading a few hundred events.
 */
export const SNAPSHOT_EVERY = 200;
export const SNAPSHOT_EVERY_TOKEN = Symbol('SNAPSHOT_EVERY');

type FoldingDecider<State> = Pick<Decider<never, StoredEvent, State>, 'name' | 'initialState' | 'evolve' | 'snapshot'>;

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

  run<Command, Event extends StoredEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
  ): Promise<WriteResult> {
    return this.mutex.runExclusive(stream, () => this.decideAndAppend(stream, decider, command));
  }

  /**
   * Appends events decided outside a decider (undo, import: they read several streams at once)
   * under the stream's lock, so that they queue behind this process's commands on it. The caller
   * read `expectedRevision`: a WrongExpectedRevisionError means the stream moved since, and the
   * caller decides again. The cache needs no update: load() always reads the newer events.
   */
  append(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<WriteResult> {
    return this.mutex.runExclusive(stream, async () => ({
      position: (await this.store.appendToStream(stream, events, expectedRevision)).position,
    }));
  }

  /** The current folded state of a stream, for reads that need the authoritative answer. */
  async load<State>(stream: string, decider: FoldingDecider<State>): Promise<FoldedState<State> | undefined> {
    const key = `${decider.name}:${stream}`;
    const { base, newer } = await this.readSince<State>(stream, key, decider);
    if (newer.length === 0) {
      if (base) this.cache.set(key, base);
      return base;
    }
    const last = newer[newer.length - 1]!;
    const current: FoldedState<State> = {
      state: fold(decider, base?.state ?? decider.initialState(), newer),
      revision: last.revision,
      position: last.position,
      snapshotRevision: base?.snapshotRevision ?? -1,
    };
    const result = this.snapshotIfDue(stream, key, decider.snapshot, current);
    this.cache.set(key, result);
    return result;
  }

  /** The best known state to start from (cache, else a snapshot that checks out) and the events after it. */
  private async readSince<State>(
    stream: string,
    key: string,
    decider: FoldingDecider<State>,
  ): Promise<{ base?: FoldedState<State>; newer: RecordedEvent[] }> {
    const cached = this.cache.get<State>(key);
    if (cached) return { base: cached, newer: await this.store.readStream(stream, { fromRevision: cached.revision + 1 }) };
    const codec = decider.snapshot;
    const snapshot = codec && (await this.loadSnapshot(key));
    if (codec && snapshot && snapshot.version === codec.version) {
      // Read from the snapshot's own event: it must still be there with the same id, or the snapshot
      // describes some other store's stream (a wiped data directory beside a kept Redis) and is ignored.
      const events = await this.store.readStream(stream, { fromRevision: snapshot.revision });
      const state = events[0]?.id === snapshot.eventId ? this.decodeSnapshot(codec, snapshot.state) : undefined;
      if (state !== undefined) {
        const base = { state, revision: snapshot.revision, position: events[0]!.position, snapshotRevision: snapshot.revision };
        return { base, newer: events.slice(1) };
      }
    }
    return { newer: await this.store.readStream(stream) };
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

  private decideAndAppend<Command, Event extends StoredEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
  ): Promise<WriteResult> {
    const key = `${decider.name}:${stream}`;
    return decideAgainOnConflict(async () => {
      const current = await this.load(stream, decider);
      const state = current?.state ?? decider.initialState();
      const events = decider.decide(command, state);
      if (events.length === 0) return { position: current?.position };
      let appended;
      try {
        appended = await this.store.appendToStream(stream, events, current ? current.revision : 'no_stream');
      } catch (error) {
        // Another process wrote the stream: what is cached is behind it.
        if (error instanceof WrongExpectedRevisionError) this.cache.delete(key);
        throw error;
      }
      const next = {
        state: fold(decider, state, events),
        revision: appended.nextExpectedRevision,
        position: appended.position,
        snapshotRevision: current?.snapshotRevision ?? -1,
      };
      this.cache.set(key, this.snapshotIfDue(stream, key, decider.snapshot, next));
      return { position: appended.position };
    });
  }
}
