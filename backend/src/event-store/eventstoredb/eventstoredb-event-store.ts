import type { NewEvent, StoredEvent } from '../../events/event';
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  convertToCommandError,
  isCommandError,
  jsonEvent,
  streamNameFilter,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, AppendExpectedRevision, JSONType, Position, RecordedEvent as EsdbEvent } from '@eventstore/db-client';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTick, setTimeout as sleep } from 'node:timers/promises';
import type { AppendResult, EventStore, ExpectedRevision, ReadStreamOptions, SubscribeOptions } from '../event-store.port';
import { EventStoreUnavailableError, WrongExpectedRevisionError, assertAppendArguments } from '../event-store.port';

// Our streams only: system streams ($settings, $stats-…, $$metadata) never reach projections.
const OUR_STREAMS = streamNameFilter({ regex: '^[^$]' });
const TRANSIENT = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
]);
const BACKOFF_MS = { min: 100, max: 5000 };
/**
 * The well-known stream whose first event names the store. Its event type starts with `$`, so
 * subscriptions and the head (isOurs) never see it: positions and projections are unchanged.
 */
const STORE_ID_STREAM = 'techtube-store';
const STORE_CREATED = '$techtube-store-created';
const MAX_POSITION = 2n ** 63n - 1n;

/**
 * The port's position is ESDB's commit position. Every event appended over gRPC is its own implicit
 * transaction record, so $all reports it at {commit: p, prepare: p} with p its own log position, even
 * inside a multi-event append (server: AllReader/IndexCommitter use each prepare's LogPosition); the
 * append result is the last event's {p, p}, and stream reads (gRPC, 22.x on) carry the same pair. Only
 * events of legacy TCP *explicit* transactions share the commit record's position (commit ≠ prepare):
 * one bigint cannot order or resume those, so such an event is refused loudly instead of being
 * skipped or reordered. Resuming after p is {commit: p, prepare: p}, which is exactly that event.
 */
function toPosition(position: Position | undefined, where: string): bigint {
  if (position && position.commit === position.prepare && position.commit <= MAX_POSITION) return position.commit;
  const seen = position ? `{commit: ${position.commit}, prepare: ${position.prepare}}` : 'none';
  throw new Error(
    `${where}: $all position ${seen} is not one position per event (explicit TCP transaction, or a server too old to report it): unsupported`,
  );
}

const isOurs = (e: EsdbEvent) => !e.streamId.startsWith('$') && !e.type.startsWith('$');

function toStored(e: EsdbEvent): StoredEvent {
  const { metadata } = e; // foreign events may carry none, or bytes
  return {
    id: e.id,
    streamId: e.streamId,
    revision: Number(e.revision),
    position: toPosition(e.position, `event ${e.streamId}@${e.revision}`),
    type: e.type,
    data: e.data as unknown,
    metadata: metadata?.constructor === Object ? (metadata as Record<string, unknown>) : {},
    createdAt: e.created.toISOString(),
  };
}

const toEsdbExpected = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'any' ? ANY : expected === 'no_stream' ? NO_STREAM : expected === 'stream_exists' ? STREAM_EXISTS : BigInt(expected);

/** Connection trouble (the client's or raw gRPC's) becomes EventStoreUnavailableError: callers answer 503. */
function mapError(err: unknown): unknown {
  const converted = err instanceof Error ? convertToCommandError(err) : err;
  if (converted instanceof Error && isCommandError(converted) && TRANSIENT.has(converted.type)) {
    return new EventStoreUnavailableError(`EventStoreDB unavailable: ${converted.message}`, { cause: err });
  }
  if (err instanceof Error && /^Failed to discover/.test(err.message)) return new EventStoreUnavailableError(err.message, { cause: err });
  return err;
}

/** @eventstore/db-client 6 parses only esdb schemes; KurrentDB's are the same protocol. */
export function toEsdbConnectionString(connectionString: string): string {
  return connectionString.replace(
    /^(?:esdb|kurrentdb|kurrent)(\+discover)?:\/\//i,
    (_, discover: string | undefined) => `esdb${discover ?? ''}://`,
  );
}

/**
 * EventStoreDB / KurrentDB adapter of the event-store port. The client is lazy: nothing connects
 * until the first call, and a server that is down shows as EventStoreUnavailableError.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly logger = new Logger(EventStoreDbEventStore.name);
  private readonly shutdown = new AbortController();
  /** The store's id never changes: read once. */
  private knownStoreId: string | undefined;

  /** Use connect(); a client of one's own (tests: a fake) may be handed in directly. */
  constructor(private readonly client: EventStoreDBClient) {}

  static connect(connectionString: string): EventStoreDbEventStore {
    try {
      return new EventStoreDbEventStore(EventStoreDBClient.connectionString(toEsdbConnectionString(connectionString)));
    } catch (err) {
      // Not echoed: the connection string may carry credentials.
      throw new EventStoreUnavailableError('EVENTSTORE_CONNECTION_STRING could not be parsed', { cause: err });
    }
  }

  async appendToStream(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    assertAppendArguments(stream, events, expectedRevision);
    this.assertOpen();
    // Serialise up front: the client stringifies inside a promise executor, where a throw would hang the call.
    const payload = events.map((e) => {
      if (JSON.stringify(e.data) === undefined) throw new TypeError(`Event ${e.type}: data is not JSON-serialisable`);
      JSON.stringify(e.metadata ?? {});
      return jsonEvent({ type: e.type, data: e.data as JSONType, metadata: (e.metadata ?? {}) as JSONType });
    });
    try {
      const result = await this.client.appendToStream(stream, payload, { expectedRevision: toEsdbExpected(expectedRevision) });
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: toPosition(result.position, `append to ${stream}`) };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual = err.actualVersion === NO_STREAM ? 'no_stream' : Number(err.actualVersion);
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      }
      throw mapError(err);
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromRevision ?? 0;
    if (!Number.isSafeInteger(from) || from < 0) throw new Error(`readStream(${stream}): invalid fromRevision ${from}`);
    const max = options.maxCount;
    if (max !== undefined && (!Number.isSafeInteger(max) || max < 0)) throw new Error(`readStream(${stream}): invalid maxCount ${max}`);
    if (max === 0) return [];
    this.assertOpen();
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        fromRevision: BigInt(from),
        ...(max !== undefined && { maxCount: BigInt(max) }),
      })) {
        if (resolved.event) events.push(toStored(resolved.event));
      }
      return events;
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw mapError(err);
    }
  }

  /**
   * One catch-up subscription to $all at a time, read by a single for-await loop (so never out of
   * order) into a bounded feed; batches are what has already arrived. A dropped subscription is
   * resumed with backoff from the last position handed over.
   */
  async *subscribeToAll(options: SubscribeOptions = {}): AsyncGenerator<StoredEvent[], void, undefined> {
    const { maxBatch = 512 } = options;
    if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new Error(`subscribeToAll: invalid maxBatch ${maxBatch}`);
    const signal = AbortSignal.any(options.signal ? [this.shutdown.signal, options.signal] : [this.shutdown.signal]);
    let cursor = options.after;
    let backoffMs = BACKOFF_MS.min;
    while (!signal.aborted) {
      const feed = new Feed(maxBatch * 4, signal);
      const from = cursor; // resuming at {p, p} delivers what follows the event at p, never p itself
      const sub = this.client.subscribeToAll({
        fromPosition: from === undefined ? START : { commit: from, prepare: from },
        filter: OUR_STREAMS,
      });
      sub.on('error', () => undefined); // errors reach the loop below; this only stops a late one crashing the process
      void (async () => {
        let last = from;
        for await (const resolved of sub as AsyncIterable<AllStreamResolvedEvent>) {
          if (!resolved.event || !isOurs(resolved.event)) continue;
          const event = toStored(resolved.event);
          if (last !== undefined && event.position <= last) continue; // never twice, never backwards
          last = event.position;
          await feed.push(event);
        }
      })().then(
        () => feed.end(new EventStoreUnavailableError('EventStoreDB ended the subscription')),
        (err) => feed.end(mapError(err)),
      );
      try {
        for (let batch = await feed.take(maxBatch); batch; batch = await feed.take(maxBatch)) {
          cursor = batch[batch.length - 1].position;
          backoffMs = BACKOFF_MS.min;
          yield batch;
        }
      } finally {
        feed.end();
        sub.unsubscribe().catch(() => undefined);
        sub.destroy();
      }
      if (signal.aborted) return;
      if (!(feed.error instanceof EventStoreUnavailableError)) throw feed.error;
      if (backoffMs === BACKOFF_MS.min)
        this.logger.warn(`Subscription to $all dropped (${feed.error.message}); resubscribing with backoff`);
      await sleep(backoffMs, undefined, { signal }).catch(() => undefined);
      backoffMs = Math.min(backoffMs * 2, BACKOFF_MS.max);
    }
  }

  /** Position of the newest event of our streams: $all read backwards, past system events. */
  async headPosition(): Promise<bigint | undefined> {
    this.assertOpen();
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    try {
      for await (const resolved of read) {
        if (resolved.event && isOurs(resolved.event)) return toPosition(resolved.event.position, 'head of $all');
      }
      return undefined;
    } catch (err) {
      throw mapError(err);
    } finally {
      read.cancel().catch(() => undefined);
    }
  }

  /** The first event of STORE_ID_STREAM; the first caller of a new store writes it (expecting no stream). */
  async storeId(): Promise<string> {
    if (this.knownStoreId !== undefined) return this.knownStoreId;
    for (let attempt = 0; attempt < 3; attempt++) {
      const first = (await this.readStream(STORE_ID_STREAM))[0];
      const known = (first?.data as { storeId?: unknown } | undefined)?.storeId;
      if (typeof known === 'string') return (this.knownStoreId = known);
      try {
        await this.appendToStream(STORE_ID_STREAM, [{ type: STORE_CREATED, data: { storeId: randomUUID() } }], 'no_stream');
      } catch (err) {
        if (!(err instanceof WrongExpectedRevisionError)) throw err; // another process named it first: read theirs
      }
    }
    throw new EventStoreUnavailableError(`Stream ${STORE_ID_STREAM} holds no store id`);
  }

  async close(): Promise<void> {
    if (this.shutdown.signal.aborted) return;
    this.shutdown.abort();
    await this.client.dispose().catch(() => undefined);
  }

  private assertOpen(): void {
    if (this.shutdown.signal.aborted) throw new EventStoreUnavailableError('Event store is closed');
  }
}

/** Bounded FIFO between the loop reading the gRPC stream and the generator handing out batches. */
class Feed {
  private readonly items: StoredEvent[] = [];
  private waiters: Array<() => void> = [];
  private done = false;
  error: unknown;
  private readonly onAbort = () => this.end();

  constructor(
    private readonly capacity: number,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  async push(event: StoredEvent): Promise<void> {
    while (this.items.length >= this.capacity && !this.done) await this.changed();
    if (this.done) return;
    this.items.push(event);
    this.notify();
  }

  end(error?: unknown): void {
    if (this.done) return;
    [this.done, this.error] = [true, error];
    this.signal.removeEventListener('abort', this.onAbort);
    this.notify();
  }

  /** Waits for one event, then lets one macrotask pass so that everything already received joins the batch. */
  async take(max: number): Promise<StoredEvent[] | undefined> {
    while (this.items.length === 0 && !this.done && !this.signal.aborted) await this.changed();
    if (this.items.length > 0 && this.items.length < max && !this.signal.aborted) await nextTick();
    if (this.signal.aborted || this.items.length === 0) return undefined;
    const batch = this.items.splice(0, max);
    this.notify();
    return batch;
  }

  private changed = () => new Promise<void>((resolve) => this.waiters.push(resolve));

  private notify(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
