import type { StoredEvent } from '../events/event';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { KeyedMutex } from '../shared/keyed-mutex';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { libraryStreams } from '../events/app-events';
import { Library, foldLibraryFrom } from '../domain/library/library';
import {
  CHECKPOINT_VERSION,
  EMPTY_CHECKPOINT,
  LibraryCheckpoint,
  StreamMark,
  decodeCheckpoint,
  encodeCheckpoint,
} from '../domain/library/library-checkpoint';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { SNAPSHOT_STORE, SnapshotStore } from '../snapshots/snapshot-store.port';
import { CheckpointIndex, IndexEntry, freshIndex, readIndex, writeIndex } from './checkpoint-index';
import { CheckpointMismatchError, UserEventCursor } from './user-event-cursor';

/**
 * A checkpoint is saved every this many of a user's events: a time-travel, an export or an undo then
 * reads and folds at most about this many events (twice that for a moment between two checkpoints),
 * however long the user's history.
 */
const LIBRARY_CHECKPOINT_EVERY = 500;
export const LIBRARY_CHECKPOINT_EVERY_TOKEN = Symbol('LIBRARY_CHECKPOINT_EVERY');

/** A stretch of the user's events, newest-first walks hand these out: the library at its start, then its events. */
export interface Segment {
  readonly start: Library;
  readonly events: readonly StoredEvent[];
}

/** The user's library now, and how it was reached. */
interface View {
  readonly index: CheckpointIndex;
  readonly newest: LibraryCheckpoint;
  /** The events after the newest checkpoint (fewer than N once caught up). */
  readonly tail: StoredEvent[];
  readonly current: Library;
  /** Every stream's last event: what an append to it expects. */
  readonly marks: ReadonlyMap<string, StreamMark>;
  readonly playlistIds: readonly string[];
  /** The newest createdAt among all the user's events ('' for none). */
  readonly maxCreatedAt: string;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a === '' || (b !== '' && b < a) ? b : a);

/**
 * Per-user library checkpoints, so that time-travel, export and undo cost what one checkpoint and
 * at most N events cost, not what the user's whole history costs. They live in the snapshot store
 * (Redis or snapshots.sqlite) beside the command snapshots and, like them, are a cache: each is
 * checked against the streams it covers (the same event id at its revision) before use, and one of
 * another version or store is ignored and built again. Checkpoints are made by the first read that
 * finds N new events; a long backlog is folded N events at a time, giving the event loop back
 * between chunks.
 */
@Injectable()
export class LibraryCheckpoints {
  private readonly logger = new Logger(LibraryCheckpoints.name);
  private readonly mutex = new KeyedMutex();
  private failureLogged = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Optional() @Inject(SNAPSHOT_STORE) private readonly snapshots?: SnapshotStore,
    @Optional() @Inject(LIBRARY_CHECKPOINT_EVERY_TOKEN) private readonly every: number = LIBRARY_CHECKPOINT_EVERY,
  ) {}

  /** Drops every checkpoint of the user (erasure): they name what the user liked, watched and kept. */
  async forget(userId: string): Promise<void> {
    await this.snapshots?.drop([indexKey(userId)], [`${indexKey(userId)}:`]);
  }

  /** The library with every event of the user folded in (export). */
  async current(userId: string): Promise<Library> {
    return (await this.view(userId)).current;
  }

  /**
   * The library counting only events stored at or before `asOf`: from the newest checkpoint whose
   * events are all at or before it, plus the later events at or before it (with a clock that never
   * went back, those are all in the next N).
   */
  async asOf(userId: string, asOf: Date): Promise<Library> {
    const view = await this.view(userId);
    const until = asOf.getTime();
    const upTo = (createdAt: string) => createdAt !== '' && Date.parse(createdAt) <= until;
    if (view.maxCreatedAt === '' || upTo(view.maxCreatedAt)) return view.current;
    const { entries } = view.index;
    let k = -1;
    while (k + 1 < entries.length && upTo(entries[k + 1]!.maxCreatedAt)) k++;
    const tailCounts = view.tail.some((event) => upTo(event.createdAt));
    if (k === entries.length - 1) return foldLibraryFrom(view.newest.library, view.tail, asOf);
    let last = -1;
    for (let j = k + 1; j < entries.length; j++) if (upTo(entries[j]!.minCreatedAt)) last = j;
    const start = k < 0 ? undefined : await this.loadCheckpoint(userId, view.index, k);
    // Read up to the last checkpoint whose stretch holds an event at or before asOf (all of them
    // when the tail does); without checkpoint k (lost), at least up to it, from the start.
    const through = tailCounts ? entries.length - 1 : Math.max(last, start || k < 0 ? -1 : k);
    if (through < 0) return (start ?? EMPTY_CHECKPOINT).library;
    const folded = await this.foldRange(userId, start ?? EMPTY_CHECKPOINT, view.playlistIds, entries[through]!.position, asOf);
    return tailCounts ? foldLibraryFrom(folded, view.tail, asOf) : folded;
  }

  /**
   * Walks the user's events newest first, a segment at a time (the events after the newest
   * checkpoint, then each stretch between two checkpoints), until `visit` answers. `marks` are
   * every stream's newest event: what an append planned on the answer expects.
   */
  async walkBack<T>(
    userId: string,
    visit: (segment: Segment, marks: ReadonlyMap<string, StreamMark>) => T | undefined,
  ): Promise<{ readonly found?: T }> {
    const view = await this.view(userId);
    const inTail = visit({ start: view.newest.library, events: view.tail }, view.marks);
    if (inTail !== undefined) return { found: inTail };
    const { entries } = view.index;
    for (let j = entries.length - 1; j >= 0; j--) {
      const start = j === 0 ? undefined : await this.loadCheckpoint(userId, view.index, j - 1);
      const events = await this.readRange(userId, start ?? EMPTY_CHECKPOINT, view.playlistIds, entries[j]!.position);
      const found = visit({ start: (start ?? EMPTY_CHECKPOINT).library, events }, view.marks);
      // From the start (the first stretch, or an older checkpoint lost): everything has been seen.
      if (found !== undefined || !start) return { found };
    }
    return {};
  }

  private view(userId: string): Promise<View> {
    return this.mutex.runExclusive(userId, async () => {
      // Only what every read below surely sees may go into a checkpoint: events up to the store's
      // head as it was before reading, and projected (the playlists come from the read model).
      const [head, projected, playlistIds] = await Promise.all([
        this.store.headPosition(),
        this.readModel.checkpoint(),
        this.readModel.playlistIdsEver(userId),
      ]);
      const cut = head === undefined || projected === undefined ? -1n : head < projected ? head : projected;
      const index = await this.loadIndex(userId);
      try {
        return await this.catchUp(userId, index, playlistIds, cut);
      } catch (error) {
        if (!(error instanceof CheckpointMismatchError)) throw error;
        this.logger.warn(`Library checkpoints of a user do not match the event store (${error.message}); building them again`);
        return this.catchUp(userId, freshIndex(index.writes), playlistIds, cut);
      }
    });
  }

  /** From the newest checkpoint, folds what follows, saving a checkpoint every N events. */
  private async catchUp(userId: string, index: CheckpointIndex, playlistIds: readonly string[], cut: bigint): Promise<View> {
    let current = index;
    let newest = EMPTY_CHECKPOINT;
    if (index.entries.length > 0) {
      const loaded = await this.loadCheckpoint(userId, index, index.entries.length - 1);
      if (loaded) newest = loaded;
      else current = freshIndex(index.writes);
    }
    const cursor = new UserEventCursor(this.store, userId, this.startsOf(userId, newest, playlistIds), this.every);
    let library = newest.library;
    let tail: StoredEvent[] = [];
    let maxCreatedAt = current.entries.at(-1)?.maxCreatedAt ?? '';
    let minCreatedAt = '';
    const saved: IndexEntry[] = [];
    for (let event = await cursor.next(); event; event = await cursor.next()) {
      tail.push(event);
      maxCreatedAt = later(maxCreatedAt, event.createdAt);
      minCreatedAt = earlier(minCreatedAt, event.createdAt);
      // No snapshot store: nowhere to keep checkpoints, every read folds from the start.
      if (tail.length < this.every || !this.snapshots) continue;
      // A full chunk: fold it, and give the event loop back before the next one.
      if (event.position <= cut) {
        library = foldLibraryFrom(library, tail);
        newest = { library, streams: new Map(cursor.streamMarks()), count: newest.count + tail.length };
        const entry = { count: newest.count, position: event.position, eventId: event.id, maxCreatedAt, minCreatedAt };
        await this.saveCheckpoint(userId, current, current.entries.length + saved.length, newest, entry);
        saved.push(entry);
        tail = [];
        minCreatedAt = '';
      }
      if (tail.length % this.every === 0) await yieldToLoop();
    }
    if (saved.length > 0) {
      current = { ...current, entries: [...current.entries, ...saved], writes: current.writes + 1 };
      await this.saveIndex(userId, current);
    }
    return {
      index: current,
      newest,
      tail,
      current: foldLibraryFrom(library, tail),
      marks: cursor.streamMarks(),
      playlistIds,
      maxCreatedAt,
    };
  }

  /** The library of `start` with the events up to position `until` folded in, counting only those at or before `asOf`. */
  private async foldRange(
    userId: string,
    start: LibraryCheckpoint,
    playlistIds: readonly string[],
    until: bigint,
    asOf: Date,
  ): Promise<Library> {
    const cursor = new UserEventCursor(this.store, userId, this.startsOf(userId, start, playlistIds), this.every, until);
    let library = start.library;
    let chunk: StoredEvent[] = [];
    for (let event = await cursor.next(); event; event = await cursor.next()) {
      chunk.push(event);
      if (chunk.length < this.every) continue;
      library = foldLibraryFrom(library, chunk, asOf);
      chunk = [];
      await yieldToLoop();
    }
    return foldLibraryFrom(library, chunk, asOf);
  }

  private async readRange(userId: string, start: LibraryCheckpoint, playlistIds: readonly string[], until: bigint) {
    const cursor = new UserEventCursor(this.store, userId, this.startsOf(userId, start, playlistIds), this.every, until);
    const events: StoredEvent[] = [];
    for (let event = await cursor.next(); event; event = await cursor.next()) {
      events.push(event);
      if (events.length % this.every === 0) await yieldToLoop();
    }
    return events;
  }

  /** Every library stream of the user: after the checkpoint's mark when it has one, else from its start. */
  private startsOf(userId: string, checkpoint: LibraryCheckpoint, playlistIds: readonly string[]) {
    const names = new Set([...checkpoint.streams.keys(), ...libraryStreams(userId, [...playlistIds])]);
    return [...names].map((stream) => ({ stream, after: checkpoint.streams.get(stream) }));
  }

  private async loadIndex(userId: string): Promise<CheckpointIndex> {
    try {
      return readIndex(await this.snapshots?.load(indexKey(userId)));
    } catch (error) {
      this.failed('read', error);
      return freshIndex(0);
    }
  }

  private async loadCheckpoint(userId: string, index: CheckpointIndex, seq: number): Promise<LibraryCheckpoint | undefined> {
    try {
      const snapshot = await this.snapshots?.load(checkpointKey(userId, index.generation, seq));
      const entry = index.entries[seq]!;
      if (!snapshot || snapshot.version !== CHECKPOINT_VERSION || snapshot.eventId !== entry.eventId) return undefined;
      const checkpoint = decodeCheckpoint(snapshot.state);
      return checkpoint.count === entry.count ? checkpoint : undefined;
    } catch (error) {
      if (!(error instanceof TypeError)) this.failed('read', error);
      return undefined;
    }
  }

  private async saveCheckpoint(userId: string, index: CheckpointIndex, seq: number, checkpoint: LibraryCheckpoint, entry: IndexEntry) {
    if (!this.snapshots) return;
    const state = encodeCheckpoint(checkpoint);
    try {
      const key = checkpointKey(userId, index.generation, seq);
      await this.snapshots.save(key, {
        version: CHECKPOINT_VERSION,
        revision: seq,
        eventId: entry.eventId,
        position: entry.position,
        state,
      });
    } catch (error) {
      this.failed('save', error);
    }
  }

  private async saveIndex(userId: string, index: CheckpointIndex) {
    try {
      await this.snapshots?.save(indexKey(userId), writeIndex(index));
    } catch (error) {
      this.failed('save', error);
    }
  }

  /** Checkpoints only save time: without them every read is still exact, so one warning is enough. */
  private failed(what: 'read' | 'save', error: unknown): void {
    if (this.failureLogged) return;
    this.failureLogged = true;
    this.logger.warn(`Library checkpoint ${what} failed; reads fold from what they have: ${(error as Error).message}`);
  }
}

const indexKey = (userId: string) => `library:${userId}`;
const checkpointKey = (userId: string, generation: string, seq: number) => `library:${userId}:${generation}:${seq}`;
