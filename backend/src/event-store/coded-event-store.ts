import type { NewEvent, StoredEvent } from '../events/event';
import type {
  AppendResult,
  BatchAppender,
  EventStore,
  ExpectedRevision,
  ReadStreamOptions,
  StreamAppend,
  SubscribeOptions,
} from './event-store.port';
import { canAppendBatches } from './event-store.port';
import { inSpan } from '../tracing/traces';

/**
 * How events are turned into what is stored and back. `decode` may answer synchronously (most
 * events need no I/O: no personal fields, current version), so a replay does not pay a promise per event.
 */
export interface EventCodec {
  encode(event: NewEvent): Promise<NewEvent>;
  decode(event: StoredEvent): StoredEvent | Promise<StoredEvent>;
}

/**
 * The event store every reader and writer of the app uses: an adapter (SQLite, EventStoreDB) seen
 * through the codec. It is the ONE place where events are read, so deciders' folds, projections,
 * library reads, login and audit all see the current shape (upcast) with personal fields opened
 * (or marked erased), and the one place where they are written (sealed, versioned, stamped with their
 * correlation and cause: docs/design/operating.md), each append in an `event-store append` span.
 */
export class CodedEventStore implements EventStore, BatchAppender {
  constructor(
    private readonly inner: EventStore,
    private readonly codec: EventCodec,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  appendToStream(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    // Encoded inside the span: the events' metadata names it as their traceparent.
    return inSpan('event-store append', async () => this.inner.appendToStream(stream, await this.encodeAll(events), expectedRevision), {
      'techtube.stream_category': categoryOf(stream),
      'techtube.event_count': events.length,
    });
  }

  /** BatchAppender, when the adapter is one (the embedded store; not EventStoreDB). */
  async appendBatch(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const inner = this.inner;
    if (!canAppendBatches(inner)) throw new Error('This event store cannot append to several streams in one batch');
    return inSpan(
      'event-store append',
      async () =>
        inner.appendBatch(await Promise.all(appends.map(async (append) => ({ ...append, events: await this.encodeAll(append.events) })))),
      { 'techtube.stream_count': appends.length },
    );
  }

  async readStream(stream: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.decodeAll(await this.inner.readStream(stream, options));
  }

  async *subscribeToAll(options?: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    for await (const batch of this.inner.subscribeToAll(options)) yield await this.decodeAll(batch);
  }

  headPosition(): Promise<bigint | undefined> {
    return this.inner.headPosition();
  }

  storeId(): Promise<string> {
    return this.inner.storeId();
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.onClose();
  }

  private encodeAll(events: readonly NewEvent[]): Promise<NewEvent[]> {
    return Promise.all(events.map((event) => this.codec.encode(event)));
  }

  private async decodeAll(events: readonly StoredEvent[]): Promise<StoredEvent[]> {
    const decoded = events.map((event) => this.codec.decode(event));
    return decoded.some((event) => event instanceof Promise) ? Promise.all(decoded) : (decoded as StoredEvent[]);
  }
}

/** A stream's category (`likes` of `likes-<userId>`): a span names no user. */
function categoryOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash < 0 ? stream : stream.slice(0, dash);
}
