import type { NewEvent, StoredEvent } from '../events/event';
import {
  AppendResult,
  BatchAppender,
  EventStore,
  ExpectedRevision,
  ReadStreamOptions,
  StreamAppend,
  SubscribeOptions,
  canAppendBatches,
} from '../event-store/event-store.port';
import { AppMetrics, secondsSince } from './app-metrics';

/**
 * The event-store port, timed and counted (docs/design/operating.md): `append`, `read_stream` and `head`
 * calls in techtube_event_store_duration_seconds, each appended event by type in
 * techtube_events_appended_total. Wraps whatever the storage module opened, so the adapters and the
 * codec stay free of metrics; put in place only when METRICS_PORT is set.
 */
export class TimedEventStore implements EventStore, BatchAppender {
  constructor(
    private readonly inner: EventStore,
    private readonly metrics: AppMetrics,
  ) {}

  appendToStream(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.timed('append', () => this.inner.appendToStream(stream, events, expectedRevision)).then((result) => {
      this.count(events);
      return result;
    });
  }

  async appendBatch(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const inner = this.inner;
    // The same refusal the codec gives for an adapter without batches.
    if (!canAppendBatches(inner)) throw new Error('This event store cannot append to several streams in one batch');
    const results = await this.timed('append', () => inner.appendBatch(appends));
    for (const append of appends) this.count(append.events);
    return results;
  }

  readStream(stream: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.timed('read_stream', () => this.inner.readStream(stream, options));
  }

  /** Not timed: a subscription lives as long as the app; the projection's own metrics tell its progress. */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    return this.inner.subscribeToAll(options);
  }

  headPosition(): Promise<bigint | undefined> {
    return this.timed('head', () => this.inner.headPosition());
  }

  storeId(): Promise<string> {
    return this.inner.storeId();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async timed<T>(operation: 'append' | 'read_stream' | 'head', call: () => Promise<T>): Promise<T> {
    const start = process.hrtime.bigint();
    try {
      return await call();
    } finally {
      this.metrics.eventStoreDuration.observe({ operation }, secondsSince(start));
    }
  }

  private count(events: readonly NewEvent[]): void {
    for (const event of events) this.metrics.eventsAppended.inc({ type: event.type });
  }
}
