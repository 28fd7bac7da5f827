/**
 * An in-memory stand-in for the parts of `@eventstore/db-client` that EventStoreDbEventStore uses,
 * shaped as the real client answers over gRPC (as read from its source and the server's): events at
 * $all positions {commit: p, prepare: p} with p a growing byte offset, the append result at the
 * last event's position, reads and subscriptions as object-mode Readables, StreamNotFoundError and
 * WrongExpectedVersionError as the real classes, catch-up subscriptions exclusive of their start
 * position and filtered server-side by stream-name regex. It lets the adapter's own logic (mapping,
 * batching, resubscription) run here; it says nothing about EventStoreDB itself.
 */
import { PassThrough, Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { AppendExpectedRevision, EventData, Filter, Position, ReadPosition, RecordedEvent } from '@eventstore/db-client';

type Live = { stream: PassThrough; after: Position | undefined; regex?: RegExp };

const comparePositions = (a: Position, b: Position) =>
  a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit);

export class FakeEsdbClient {
  readonly log: RecordedEvent[] = [];
  private readonly live = new Set<Live>();
  private offset = 1000n;
  subscribeCalls = 0;
  down = false;

  async appendToStream(streamName: string, events: EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
    await new Promise((r) => setImmediate(r));
    if (this.down) throw new UnavailableError(undefined, '14 UNAVAILABLE: fake server down');
    const current = this.log.filter((e) => e.streamId === streamName).length - 1;
    const expected = options.expectedRevision ?? ANY;
    const ok =
      expected === ANY ||
      (expected === NO_STREAM ? current === -1 : expected === STREAM_EXISTS ? current >= 0 : BigInt(current) === expected);
    if (!ok)
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current: current === -1 ? NO_STREAM : BigInt(current) });
    let revision = current;
    const written = events.map((e) => {
      const p = (this.offset += 100n + BigInt(JSON.stringify(e.data).length));
      revision += 1;
      return this.record(streamName, BigInt(revision), e.type, JSON.parse(JSON.stringify(e.data)), e.metadata, { commit: p, prepare: p });
    });
    return { success: true, nextExpectedRevision: BigInt(revision), position: written[written.length - 1]!.position };
  }

  /** Writes as a legacy explicit transaction would: every event at the commit record's position. */
  appendExplicitTransaction(streamName: string, types: string[]): void {
    const prepares = types.map(() => (this.offset += 100n));
    const commit = (this.offset += 100n);
    types.forEach((type, i) => this.record(streamName, BigInt(i), type, {}, {}, { commit, prepare: prepares[i]! }));
  }

  readStream(
    streamName: string,
    options: { fromRevision?: bigint | 'start' | 'end'; direction?: string; maxCount?: number | bigint } = {},
  ) {
    const down = this.down;
    const events = this.log.filter((e) => e.streamId === streamName);
    const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
    const selected = options.direction === BACKWARDS ? [...events].reverse() : events.filter((e) => e.revision >= from);
    return this.readable(async function* () {
      if (down) throw new UnavailableError(undefined, '14 UNAVAILABLE: fake server down');
      if (events.length === 0) throw new StreamNotFoundError(undefined, streamName);
      for (const event of selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) yield { event };
    });
  }

  readAll(options: { direction?: string; fromPosition?: ReadPosition } = {}) {
    const down = this.down;
    const events = options.direction === BACKWARDS ? [...this.log].reverse() : [...this.log];
    return this.readable(async function* () {
      if (down) throw new UnavailableError(undefined, '14 UNAVAILABLE: fake server down');
      for (const event of events) yield { event, commitPosition: event.position!.commit };
    });
  }

  subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}) {
    this.subscribeCalls += 1;
    const stream = new PassThrough({ objectMode: true });
    const sub: Live = {
      stream,
      after: typeof options.fromPosition === 'object' ? options.fromPosition : undefined,
      regex: options.filter && 'regex' in options.filter ? new RegExp(options.filter.regex) : undefined,
    };
    setImmediate(() => {
      if (this.down) return stream.destroy(new UnavailableError(undefined, '14 UNAVAILABLE: fake server down'));
      for (const event of this.log) this.deliver(sub, event);
      this.live.add(sub);
    });
    stream.once('close', () => this.live.delete(sub));
    return Object.assign(stream, { unsubscribe: async () => void stream.end() });
  }

  /** The server drops every subscription, as on a restart or a leader change. */
  dropSubscriptions(): void {
    for (const sub of this.live) sub.stream.destroy(new UnavailableError(undefined, '14 UNAVAILABLE: fake subscription dropped'));
    this.live.clear();
  }

  async dispose(): Promise<void> {
    for (const sub of this.live) sub.stream.end();
  }

  private record(streamId: string, revision: bigint, type: string, data: unknown, metadata: unknown, position: Position): RecordedEvent {
    const event = {
      streamId,
      id: randomUUID(),
      revision,
      type,
      data,
      metadata,
      isJson: true,
      created: new Date(),
      position,
    } as RecordedEvent;
    this.log.push(event);
    for (const sub of this.live) this.deliver(sub, event);
    return event;
  }

  private deliver(sub: Live, event: RecordedEvent): void {
    if (sub.after && comparePositions(event.position!, sub.after) <= 0) return;
    if (sub.regex && !sub.regex.test(event.streamId)) return;
    sub.stream.write({ event, commitPosition: event.position!.commit });
  }

  private readable(source: () => AsyncGenerator<unknown>) {
    return Object.assign(Readable.from(source(), { objectMode: true }), { cancel: async () => undefined });
  }
}
