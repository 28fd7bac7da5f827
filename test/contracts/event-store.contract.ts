/**
 * Behaviour every EventStore adapter must show, written only against the port so that the SQLite
 * store and an EventStoreDB adapter run the same suite. Every test works on fresh random stream names
 * and ignores other streams, so the suite also runs against a shared server with foreign events.
 */
import type { NewEvent, StoredEvent } from '../../backend/src/events/event';
import { randomUUID } from 'node:crypto';
import { EventStore, SubscribeOptions, WrongExpectedRevisionError } from '../../backend/src/event-store/event-store.port';

export type OpenEventStore = () => Promise<{ store: EventStore; dispose: () => Promise<void> }>;

// Below Jest's default 5 s test timeout, so that a stuck wait fails with its own message.
const WAIT_MS = 3000;

const ev = (type: string, data: unknown = {}, metadata?: Record<string, unknown>): NewEvent =>
  metadata === undefined ? { type, data } : { type, data, metadata };

const streamName = (category = 'contract') => `${category}-${randomUUID()}`;

/** Rejects with `message` if `promise` has not settled within `ms`, instead of hanging the suite. */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${message}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A subscription driven by hand, so that every wait is bounded. It checks what must hold for all
 * events, foreign ones included: non-empty batches, at most maxBatch, strictly increasing positions
 * strictly after `after`.
 */
export class TestSubscription {
  private readonly controller = new AbortController();
  private readonly iterator: AsyncIterator<StoredEvent[]>;
  private lastPosition: bigint | undefined;
  readonly batchSizes: number[] = [];

  constructor(
    store: EventStore,
    private readonly options: Omit<SubscribeOptions, 'signal'> = {},
  ) {
    this.lastPosition = options.after;
    this.iterator = store.subscribeToAll({ ...options, signal: this.controller.signal })[Symbol.asyncIterator]();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Next `count` events of the given streams, in delivery order. */
  async take(streams: readonly string[], count: number, ms = WAIT_MS): Promise<StoredEvent[]> {
    const wanted = new Set(streams);
    const taken: StoredEvent[] = [];
    while (taken.length < count) {
      const next = await within(this.iterator.next(), ms, `waiting for ${count} events of ${streams.join(', ')}, got ${taken.length}`);
      if (next.done) throw new Error(`Subscription ended after ${taken.length} of ${count} events`);
      const batch = next.value;
      this.batchSizes.push(batch.length);
      if (batch.length === 0) throw new Error('Subscription delivered an empty batch');
      for (const event of batch) {
        if (this.lastPosition !== undefined && !(event.position > this.lastPosition)) {
          throw new Error(`Position ${event.position} delivered after ${this.lastPosition}`);
        }
        this.lastPosition = event.position;
        if (wanted.has(event.streamId)) taken.push(event);
      }
    }
    if (taken.length > count) throw new Error(`Expected ${count} events, got ${taken.length}: the extra ones are duplicates or strays`);
    return taken;
  }

  /** Resolves with the iterator's next result (expected: done after an abort). */
  next(ms = WAIT_MS): Promise<IteratorResult<StoredEvent[]>> {
    return within(this.iterator.next(), ms, 'waiting for the subscription to yield or end');
  }

  abort(): void {
    this.controller.abort();
  }

  async close(): Promise<void> {
    this.controller.abort();
    await within(Promise.resolve(this.iterator.return?.()), WAIT_MS, 'subscription did not end after abort');
  }
}

const summary = (events: readonly StoredEvent[]) => events.map((e) => [e.streamId, e.revision, e.type, e.position]);

export function describeEventStoreContract(name: string, open: OpenEventStore): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let dispose: () => Promise<void>;
    const subscriptions: TestSubscription[] = [];

    const subscribe = (options?: Omit<SubscribeOptions, 'signal'>) => {
      const sub = new TestSubscription(store, options);
      subscriptions.push(sub);
      return sub;
    };

    beforeEach(async () => {
      ({ store, dispose } = await open());
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.close()));
      await dispose();
    });

    describe('append and read', () => {
      it('round-trips types, data, metadata, revisions and creation time', async () => {
        const stream = streamName();
        const nested = {
          title: 'Ünïcødé — 日本語 🎉 "quoted" \\ back',
          tags: ['a', 'b'],
          deep: { n: 1.5, ok: true, none: null, list: [{ x: -3 }] },
        };
        const before = Date.now();
        await store.appendToStream(
          stream,
          [ev('VideoLiked', nested, { userId: 'u-1', nested: { k: ['v'] } }), ev('VideoUnliked', { id: 'v1' }), ev('HistoryCleared', null)],
          'no_stream',
        );

        const events = await store.readStream(stream);
        expect(events.map((e) => [e.streamId, e.revision, e.type])).toEqual([
          [stream, 0, 'VideoLiked'],
          [stream, 1, 'VideoUnliked'],
          [stream, 2, 'HistoryCleared'],
        ]);
        expect(events.map((e) => e.data)).toEqual([nested, { id: 'v1' }, null]);
        expect(events[0].metadata).toEqual({ userId: 'u-1', nested: { k: ['v'] } });
        expect(events[1].metadata).toEqual({});
        for (const e of events) {
          expect(typeof e.id).toBe('string');
          expect(e.id.length).toBeGreaterThan(0);
          expect(typeof e.position).toBe('bigint');
          expect(new Date(e.createdAt).toISOString()).toBe(e.createdAt);
          // Loose bounds: a server's clock may differ a little from ours.
          expect(Date.parse(e.createdAt)).toBeGreaterThan(before - 60_000);
          expect(Date.parse(e.createdAt)).toBeLessThan(Date.now() + 60_000);
        }
        expect(new Set(events.map((e) => e.id)).size).toBe(3);
      });

      it('reads a missing stream as an empty array', async () => {
        await expect(store.readStream(streamName())).resolves.toEqual([]);
      });

      it('reads from a given revision', async () => {
        const stream = streamName();
        await store.appendToStream(
          stream,
          [0, 1, 2, 3, 4].map((n) => ev('Counted', { n })),
          'no_stream',
        );
        expect((await store.readStream(stream, { fromRevision: 2 })).map((e) => e.revision)).toEqual([2, 3, 4]);
        expect((await store.readStream(stream, { fromRevision: 0 })).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(await store.readStream(stream, { fromRevision: 5 })).toEqual([]);
        // A page: at most maxCount events from fromRevision (what bounded readers of long streams use).
        expect((await store.readStream(stream, { fromRevision: 1, maxCount: 2 })).map((e) => e.revision)).toEqual([1, 2]);
        expect((await store.readStream(stream, { fromRevision: 4, maxCount: 3 })).map((e) => e.revision)).toEqual([4]);
        expect(await store.readStream(stream, { maxCount: 0 })).toEqual([]);
      });

      it('returns the revision and position of the last event written, as reads and subscriptions show them', async () => {
        const stream = streamName();
        const before = await store.headPosition();
        const first = await store.appendToStream(stream, [ev('A'), ev('B')], 'no_stream');
        const second = await store.appendToStream(stream, [ev('C')], first.nextExpectedRevision);
        expect(first.nextExpectedRevision).toBe(1);
        expect(second.nextExpectedRevision).toBe(2);

        const events = await store.readStream(stream);
        expect(events[1].position).toBe(first.position);
        expect(events[2].position).toBe(second.position);
        expect(events[2].revision).toBe(second.nextExpectedRevision);

        const delivered = await subscribe({ after: before }).take([stream], 3);
        expect(summary(delivered)).toEqual(summary(events));
      });

      it('rejects an empty append as a programming error, writing nothing', async () => {
        const stream = streamName();
        const attempt = store.appendToStream(stream, [], 'any');
        await expect(attempt).rejects.toThrow(Error);
        await expect(attempt).rejects.not.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' on an existing stream fails and leaves the stream unchanged", async () => {
        const stream = streamName();
        await store.appendToStream(stream, [ev('Created')], 'no_stream');
        const attempt = store.appendToStream(stream, [ev('Again')], 'no_stream');
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(attempt).rejects.toMatchObject({ code: 'WRONG_EXPECTED_REVISION', stream, expected: 'no_stream', actual: 0 });
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Created']);
      });

      it('a stale exact revision fails and writes nothing', async () => {
        const stream = streamName();
        await store.appendToStream(stream, [ev('A'), ev('B')], 'no_stream');
        const attempt = store.appendToStream(stream, [ev('C'), ev('D')], 0);
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(attempt).rejects.toMatchObject({ stream, expected: 0, actual: 1 });
        await expect(store.appendToStream(stream, [ev('C')], 2)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('an exact revision on a missing stream fails with actual no_stream', async () => {
        const stream = streamName();
        await expect(store.appendToStream(stream, [ev('A')], 0)).rejects.toMatchObject({
          code: 'WRONG_EXPECTED_REVISION',
          stream,
          expected: 0,
          actual: 'no_stream',
        });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('the current exact revision appends', async () => {
        const stream = streamName();
        const first = await store.appendToStream(stream, [ev('A')], 'no_stream');
        await expect(store.appendToStream(stream, [ev('B')], first.nextExpectedRevision)).resolves.toMatchObject({
          nextExpectedRevision: 1,
        });
      });

      it("'stream_exists' fails on a missing stream and appends to an existing one", async () => {
        const stream = streamName();
        const attempt = store.appendToStream(stream, [ev('A')], 'stream_exists');
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(attempt).rejects.toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });
        expect(await store.readStream(stream)).toEqual([]);
        await store.appendToStream(stream, [ev('A')], 'no_stream');
        await expect(store.appendToStream(stream, [ev('B')], 'stream_exists')).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it("'any' always appends", async () => {
        const stream = streamName();
        expect((await store.appendToStream(stream, [ev('A')], 'any')).nextExpectedRevision).toBe(0);
        expect((await store.appendToStream(stream, [ev('B'), ev('C')], 'any')).nextExpectedRevision).toBe(2);
        expect((await store.readStream(stream)).map((e) => [e.revision, e.type])).toEqual([
          [0, 'A'],
          [1, 'B'],
          [2, 'C'],
        ]);
      });
    });

    describe('atomicity and ordering', () => {
      it('a multi-event append gets consecutive revisions and consecutive global order', async () => {
        const stream = streamName();
        await store.appendToStream(stream, [ev('A')], 'no_stream');
        const result = await store.appendToStream(stream, [ev('B'), ev('C'), ev('D')], 0);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
        expect(result).toEqual({ nextExpectedRevision: 3, position: events[3].position });
        for (let i = 1; i < events.length; i++) expect(events[i].position > events[i - 1].position).toBe(true);
      });

      it('an append that fails part-way writes none of its events', async () => {
        const stream = streamName();
        // A BigInt cannot be serialised to JSON: the third event is unwritable.
        const events = [ev('A', { ok: 1 }), ev('B', { ok: 2 }), ev('C', { bad: 1n })];
        await expect(store.appendToStream(stream, events, 'no_stream')).rejects.toThrow();
        expect(await store.readStream(stream)).toEqual([]);
        await expect(store.appendToStream(stream, [ev('A')], 'no_stream')).resolves.toMatchObject({ nextExpectedRevision: 0 });
      });

      it('global positions strictly increase across streams in append order', async () => {
        const [a, b, c] = [streamName(), streamName(), streamName()];
        const results = [];
        results.push(await store.appendToStream(a, [ev('A0')], 'no_stream'));
        results.push(await store.appendToStream(b, [ev('B0')], 'no_stream'));
        results.push(await store.appendToStream(a, [ev('A1')], 0));
        results.push(await store.appendToStream(c, [ev('C0'), ev('C1')], 'any'));
        results.push(await store.appendToStream(b, [ev('B1')], 'stream_exists'));
        for (let i = 1; i < results.length; i++) expect(results[i].position > results[i - 1].position).toBe(true);
        const read = [...(await store.readStream(a)), ...(await store.readStream(b)), ...(await store.readStream(c))];
        const order = read.sort((x, y) => (x.position < y.position ? -1 : 1)).map((e) => e.type);
        expect(order).toEqual(['A0', 'B0', 'A1', 'C0', 'C1', 'B1']);
      });

      it('of 20 concurrent appends expecting the same revision exactly one succeeds', async () => {
        const stream = streamName();
        await store.appendToStream(stream, [ev('Created')], 'no_stream');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) => store.appendToStream(stream, [ev('Racer', { i }), ev('RacerTail', { i })], 0)),
        );
        const winners = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
        expect(winners).toHaveLength(1);
        for (const o of outcomes) {
          if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        const events = await store.readStream(stream);
        expect(events.map((e) => [e.revision, e.type, e.data])).toEqual([
          [0, 'Created', {}],
          [1, 'Racer', { i: winners[0] }],
          [2, 'RacerTail', { i: winners[0] }],
        ]);
      });

      it("of 20 concurrent 'no_stream' appends (a reservation) exactly one succeeds", async () => {
        const stream = streamName('reservation');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) => store.appendToStream(stream, [ev('Reserved', { i })], 'no_stream')),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof WrongExpectedRevisionError)).toHaveLength(19);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('subscribeToAll', () => {
      it('delivers existing events, then events appended later, in order without gaps or duplicates', async () => {
        const [a, b] = [streamName(), streamName()];
        const start = await store.headPosition();
        await store.appendToStream(a, [ev('A0'), ev('A1')], 'no_stream');
        await store.appendToStream(b, [ev('B0')], 'no_stream');
        await store.appendToStream(a, [ev('A2')], 1);

        const sub = subscribe({ after: start });
        const history = await sub.take([a, b], 4);
        expect(history.map((e) => e.type)).toEqual(['A0', 'A1', 'B0', 'A2']);

        // Now live: the subscription has caught up (or nearly) and must pick up new appends.
        const live: string[] = [];
        for (let i = 0; i < 5; i++) {
          await store.appendToStream(i % 2 ? a : b, [ev(`L${i}`)], 'any');
          live.push(`L${i}`);
        }
        const later = await sub.take([a, b], 5);
        expect(later.map((e) => e.type)).toEqual(live);

        // Once more after an idle moment, so a subscription that went to sleep is woken.
        await new Promise((r) => setTimeout(r, 50));
        const last = await store.appendToStream(b, [ev('Z')], 'stream_exists');
        const [z] = await sub.take([b], 1);
        expect([z.type, z.position]).toEqual(['Z', last.position]);

        const all = [...(await store.readStream(a)), ...(await store.readStream(b))].sort((x, y) => (x.position < y.position ? -1 : 1));
        expect(summary([...history, ...later, z])).toEqual(summary(all));
      });

      it('delivers from the very beginning when no position is given', async () => {
        const stream = streamName();
        await store.appendToStream(stream, [ev('A'), ev('B')], 'no_stream');
        const delivered = await subscribe().take([stream], 2);
        expect(delivered.map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('starts strictly after the given position', async () => {
        const stream = streamName();
        await store.appendToStream(stream, [ev('A')], 'no_stream');
        const { position } = await store.appendToStream(stream, [ev('B')], 0);
        await store.appendToStream(stream, [ev('C'), ev('D')], 1);
        const delivered = await subscribe({ after: position }).take([stream], 2);
        expect(delivered.map((e) => e.type)).toEqual(['C', 'D']);
        for (const e of delivered) expect(e.position > position).toBe(true);
      });

      it('hands over batches no larger than maxBatch', async () => {
        const stream = streamName();
        const start = await store.headPosition();
        await store.appendToStream(
          stream,
          Array.from({ length: 7 }, (_, n) => ev('N', { n })),
          'no_stream',
        );
        const sub = subscribe({ after: start, maxBatch: 2 });
        const delivered = await sub.take([stream], 7);
        expect(delivered.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect(Math.max(...sub.batchSizes)).toBeLessThanOrEqual(2);
      });

      it('aborting the signal ends an iteration that is waiting for new events', async () => {
        const stream = streamName();
        const { position } = await store.appendToStream(stream, [ev('A')], 'no_stream');
        const sub = subscribe({ after: position });
        const pending = sub.next();
        sub.abort();
        // Against a shared server a foreign event may still slip in; the iteration must end soon after.
        let result = await pending;
        for (let i = 0; i < 100 && !result.done; i++) result = await sub.next();
        expect(result.done).toBe(true);
        await expect(sub.next()).resolves.toMatchObject({ done: true });
      });

      it('aborting inside a for-await loop ends it', async () => {
        const stream = streamName();
        const start = await store.headPosition();
        await store.appendToStream(stream, [ev('A')], 'no_stream');
        const controller = new AbortController();
        const loop = (async () => {
          const seen: string[] = [];
          for await (const batch of store.subscribeToAll({ after: start, signal: controller.signal })) {
            seen.push(...batch.filter((e) => e.streamId === stream).map((e) => e.type));
            if (seen.length > 0) controller.abort();
          }
          return seen;
        })();
        try {
          await expect(within(loop, WAIT_MS, 'for-await loop did not end after abort')).resolves.toEqual(['A']);
        } finally {
          controller.abort();
        }
      });
    });

    describe('headPosition', () => {
      it('tracks the last append', async () => {
        const first = await store.appendToStream(streamName(), [ev('A')], 'no_stream');
        const afterFirst = await store.headPosition();
        expect(afterFirst).toBeDefined();
        expect(afterFirst! >= first.position).toBe(true);
        const second = await store.appendToStream(streamName(), [ev('B'), ev('C')], 'no_stream');
        const afterSecond = await store.headPosition();
        expect(afterSecond! >= second.position).toBe(true);
        expect(second.position > first.position).toBe(true);
      });
    });

    describe('storeId', () => {
      it('is made once and stays the same, and is not an event: subscriptions and the head do not see it', async () => {
        const head = await store.headPosition();
        const id = await store.storeId();
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(await Promise.all([store.storeId(), store.storeId()])).toEqual([id, id]);
        expect(await store.headPosition()).toBe(head);
        const stream = streamName();
        const appended = await store.appendToStream(stream, [ev('A')], 'no_stream');
        const sub = subscribe({ after: head });
        expect((await sub.take([stream], 1)).map((e) => e.position)).toEqual([appended.position]);
        expect(await store.storeId()).toBe(id);
      });

      it('another store has another id', async () => {
        const id = await store.storeId();
        const other = await open();
        try {
          expect(await other.store.storeId()).not.toBe(id);
        } finally {
          await other.dispose();
        }
      });
    });
  });
}
