import type { NewEvent, StoredEvent } from '../events/event';

/**
 * The event store port: the smallest surface that both the embedded SQLite store and
 * EventStoreDB (`@eventstore/db-client`: appendToStream / readStream / subscribeToAll)
 * can honour without change. It takes events to append (`NewEvent`) and gives back stored
 * events (`StoredEvent`): revisions per stream, positions global (events/event.ts).
 */

/** Mirrors ESDB's expectedRevision: a number, NO_STREAM, STREAM_EXISTS or ANY. */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last event written: the next append expects this. */
  readonly nextExpectedRevision: number;
  /** Global position of the last event written: readers wait for it (read-your-writes). */
  readonly position: bigint;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive); default 0. */
  readonly fromRevision?: number;
  /** At most this many events (a page); default all. Lets a reader bound what one read costs. */
  readonly maxCount?: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; undefined = from the very start. */
  readonly after?: bigint;
  /** Aborting ends the iteration. */
  readonly signal?: AbortSignal;
  /** Largest batch handed over at once. */
  readonly maxBatch?: number;
}

export interface EventStore {
  /** Appends atomically, or throws WrongExpectedRevisionError and writes nothing. */
  appendToStream(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; a missing stream is an empty array. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /**
   * Every event of every stream in position order, in batches: first the history, then new
   * events as they are appended, until the signal aborts. Never skips or reorders.
   */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<StoredEvent[]>;
  /** Position of the newest event, or undefined for an empty store. */
  headPosition(): Promise<bigint | undefined>;
  /**
   * The store's identity: made once, when the store is created (or first opened by a version that
   * knows of it), and kept with its events, so a copy or a backup has the same id and a new store
   * another. A read model records the id it follows and is rebuilt when it finds another.
   */
  storeId(): Promise<string>;
  close(): Promise<void>;
}

/** One stream's part of a batch (BatchAppender). */
export interface StreamAppend {
  readonly stream: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
}

/**
 * A capability beyond the port, for bulk writers (`npm run migrate`): appends to many streams committed
 * together, all or none, in the order given, each checked against its expected revision as if appended
 * alone (a later append to the same stream sees the earlier ones). The embedded store commits them in
 * one transaction, one fsync for the lot. EventStoreDB has no transaction across streams, so it is not
 * part of EventStore.
 */
export interface BatchAppender {
  /** One result per append; or throws (WrongExpectedRevisionError for the first append that does not match) and writes nothing. */
  appendBatch(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
}

export function canAppendBatches(store: EventStore): store is EventStore & BatchAppender {
  return typeof (store as Partial<BatchAppender>).appendBatch === 'function';
}

export const EVENT_STORE = Symbol('EVENT_STORE');

/** Caller mistakes every adapter refuses the same way, before touching its store (programming errors, not 4xx). */
export function assertAppendArguments(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): void {
  if (events.length === 0) throw new Error(`appendToStream(${stream}): no events to append`);
  if (typeof expectedRevision === 'number' && !(Number.isSafeInteger(expectedRevision) && expectedRevision >= 0)) {
    throw new Error(`appendToStream(${stream}): invalid expected revision ${expectedRevision}`);
  }
}

export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** The store cannot take writes (read-only file, disk full, connection lost): callers answer 503. */
export class EventStoreUnavailableError extends Error {
  readonly code = 'EVENT_STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
