/**
 * The event-store contract (the same single source as SQLite) against EventStoreDB:
 * - EVENTSTORE_CONNECTION_STRING set: against that server (tests use random stream names);
 * - else a throwaway `eventstore/eventstore:24.10` container through testcontainers;
 * - else (no container runtime) the suite is skipped, and the reason is printed.
 * The runtime is probed synchronously, before any describe block is declared, so that Jest
 * reports the suite as skipped rather than as passed.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { StartedTestContainer } from 'testcontainers';
import type { EventStoreDBClient } from '@eventstore/db-client';
import { EventStoreUnavailableError } from '../../backend/src/event-store/event-store.port';
import { EventStoreDbEventStore, toEsdbConnectionString } from '../../backend/src/event-store/eventstoredb/eventstoredb-event-store';
import { describeEventStoreContract, TestSubscription, within } from '../contracts/event-store.contract';
import { FakeEsdbClient } from '../support/fake-esdb-client';
import { freePort } from '../support/server-process';

const IMAGE = 'eventstore/eventstore:24.10';

type Target = { kind: 'server'; connectionString: string } | { kind: 'container' } | { kind: 'skip'; reason: string };

function detectTarget(): Target {
  const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
  if (connectionString) return { kind: 'server', connectionString };
  // testcontainers' own runtime detection (fails in ~0.4 s without one), in a child so that it is synchronous.
  const probe = `require(${JSON.stringify(require.resolve('testcontainers'))}).getContainerRuntimeClient()
    .then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); })`;
  const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8', timeout: 60_000 });
  if (result.status === 0) return { kind: 'container' };
  const reason = (result.stderr || result.error?.message || `probe exited with ${result.status}`).trim().split('\n').pop();
  return { kind: 'skip', reason: `no container runtime for testcontainers (${reason}) and EVENTSTORE_CONNECTION_STRING is not set` };
}

const target = detectTarget();
if (target.kind === 'skip') {
  console.warn(
    `EventStoreDB contract suite SKIPPED: ${target.reason}.\n` +
      'Run it with Docker (npx jest test/event-store/eventstoredb) or against a server ' +
      '(EVENTSTORE_CONNECTION_STRING=esdb://localhost:2113?tls=false npx jest test/event-store/eventstoredb).',
  );
}
const describeWithServer = target.kind === 'skip' ? describe.skip : describe;

/** Waits until the node accepts writes: /health/live can answer before it has become leader. */
async function waitUntilWritable(connectionString: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const store = EventStoreDbEventStore.connect(connectionString);
    try {
      await store.appendToStream(`$techtube-readiness`, [{ type: 'Ready', data: {} }], 'any');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await store.close();
    }
  }
}

describeWithServer(`EventStoreDB (${target.kind === 'server' ? 'EVENTSTORE_CONNECTION_STRING' : IMAGE})`, () => {
  let connectionString = target.kind === 'server' ? target.connectionString : '';
  let container: StartedTestContainer | undefined;

  beforeAll(async () => {
    if (target.kind === 'container') {
      const { GenericContainer, Wait } = await import('testcontainers');
      container = await new GenericContainer(IMAGE)
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          EVENTSTORE_MEM_DB: 'true',
          EVENTSTORE_CLUSTER_SIZE: '1',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113))
        .withStartupTimeout(180_000)
        .start();
      connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    }
    await waitUntilWritable(connectionString);
  }, 240_000);

  afterAll(async () => {
    await container?.stop();
  });

  describeEventStoreContract('EventStoreDB', async () => {
    const store = EventStoreDbEventStore.connect(connectionString);
    return { store, dispose: () => store.close() };
  });

  describe('EventStoreDB specifics', () => {
    it('keeps system streams out of subscriptions and out of headPosition', async () => {
      const store = EventStoreDbEventStore.connect(connectionString);
      const sub = new TestSubscription(store, { after: await store.headPosition() });
      try {
        const ours = `contract-${randomUUID()}`;
        const mine = await store.appendToStream(ours, [{ type: 'A', data: {} }], 'no_stream');
        const system = await store.appendToStream(`$contract-${randomUUID()}`, [{ type: 'Hidden', data: {} }], 'no_stream');
        expect(system.position > mine.position).toBe(true);
        const head = await store.headPosition();
        expect(head).not.toBe(system.position);
        expect(head! >= mine.position).toBe(true);
        const after = await store.appendToStream(ours, [{ type: 'B', data: {} }], 0);
        const delivered = await sub.take([ours], 2);
        expect(delivered.map((e) => e.type)).toEqual(['A', 'B']);
        expect(delivered[1].position).toBe(after.position);
      } finally {
        await sub.close();
        await store.close();
      }
    });

    it('accepts KurrentDB connection-string schemes', async () => {
      const store = EventStoreDbEventStore.connect(connectionString.replace(/^esdb:/, 'kurrentdb:'));
      try {
        await expect(store.readStream(`contract-${randomUUID()}`)).resolves.toEqual([]);
      } finally {
        await store.close();
      }
    });
  });
});

// These need no server: they run everywhere and pin the adapter's behaviour when the server is away.
describe('EventStoreDbEventStore without a server', () => {
  let store: EventStoreDbEventStore;

  beforeEach(async () => {
    // A port just released on loopback: connections are refused at once.
    store = EventStoreDbEventStore.connect(`esdb://127.0.0.1:${await freePort()}?tls=false`);
  });
  afterEach(() => store.close());

  it('maps the connection-string schemes of KurrentDB to the client’s', () => {
    expect(toEsdbConnectionString('kurrentdb://u:p@h:2113?tls=false')).toBe('esdb://u:p@h:2113?tls=false');
    expect(toEsdbConnectionString('kurrent+discover://a:2113,b:2113')).toBe('esdb+discover://a:2113,b:2113');
    expect(toEsdbConnectionString('kurrentdb+discover://a:2113')).toBe('esdb+discover://a:2113');
    expect(toEsdbConnectionString('esdb://localhost:2113?tls=false')).toBe('esdb://localhost:2113?tls=false');
  });

  it('reports appends, reads and headPosition as EventStoreUnavailableError', async () => {
    await expect(store.appendToStream('s-1', [{ type: 'A', data: {} }], 'no_stream')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readStream('s-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('rejects programming errors before any I/O', async () => {
    await expect(store.appendToStream('s-1', [], 'any')).rejects.toThrow(/no events/);
    await expect(store.appendToStream('s-1', [{ type: 'A', data: {} }], -1)).rejects.toThrow(/invalid expected revision/);
    await expect(store.appendToStream('s-1', [{ type: 'A', data: { n: 1n } }], 'any')).rejects.toThrow(TypeError);
    await expect(store.appendToStream('s-1', [{ type: 'A', data: undefined }], 'any')).rejects.toThrow(TypeError);
    await expect(store.subscribeToAll({ maxBatch: 0 })[Symbol.asyncIterator]().next()).rejects.toThrow(/maxBatch/);
  });

  it('a subscription keeps resubscribing while the server is away, and ends on abort', async () => {
    const controller = new AbortController();
    const it = store.subscribeToAll({ signal: controller.signal })[Symbol.asyncIterator]();
    const pending = it.next();
    await new Promise((r) => setTimeout(r, 400)); // a few refused attempts with backoff
    controller.abort();
    await expect(within(pending, 2000, 'subscription did not end after abort')).resolves.toMatchObject({ done: true });
  });

  it('close() ends subscriptions, and later calls fail as unavailable', async () => {
    const it = store.subscribeToAll()[Symbol.asyncIterator]();
    const pending = it.next();
    await new Promise((r) => setTimeout(r, 50));
    await store.close();
    await store.close();
    await expect(within(pending, 2000, 'subscription on a closed store')).resolves.toMatchObject({ done: true });
    await expect(store.appendToStream('s-1', [{ type: 'A', data: {} }], 'any')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readStream('s-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });
});

// The adapter's own logic (mapping, batching, filtering, resubscribing) over an in-memory stand-in
// for the client: runs everywhere, but proves nothing about EventStoreDB itself.
describe('EventStoreDbEventStore over a fake client', () => {
  const overFake = (fake = new FakeEsdbClient()) => ({ fake, store: new EventStoreDbEventStore(fake as unknown as EventStoreDBClient) });

  describeEventStoreContract('EventStoreDB adapter over a fake client', async () => {
    const { store } = overFake();
    return { store, dispose: () => store.close() };
  });

  it('resubscribes after a drop from the last position handed over: nothing lost, nothing twice', async () => {
    const { fake, store } = overFake();
    const sub = new TestSubscription(store, {});
    try {
      await store.appendToStream(
        's-1',
        [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ],
        'no_stream',
      );
      expect((await sub.take(['s-1'], 2)).map((e) => e.type)).toEqual(['A', 'B']);
      fake.dropSubscriptions();
      await store.appendToStream('s-1', [{ type: 'C', data: {} }], 1);
      fake.dropSubscriptions();
      await store.appendToStream('s-2', [{ type: 'D', data: {} }], 'no_stream');
      expect((await sub.take(['s-1', 's-2'], 2, 8000)).map((e) => e.type)).toEqual(['C', 'D']);
      expect(fake.subscribeCalls).toBeGreaterThanOrEqual(2);
    } finally {
      await sub.close();
      await store.close();
    }
  }, 15_000);

  it('keeps system streams and system event types out of subscriptions and headPosition', async () => {
    const { fake, store } = overFake();
    const sub = new TestSubscription(store, {});
    try {
      const mine = await store.appendToStream('s-1', [{ type: 'A', data: {} }], 'no_stream');
      await store.appendToStream('$settings', [{ type: 'Hidden', data: {} }], 'any');
      await fake.appendToStream('s-1', [
        { id: randomUUID(), type: '$metadata', data: {}, contentType: 'application/json', metadata: undefined },
      ]);
      await expect(store.headPosition()).resolves.toBe(mine.position);
      await store.appendToStream('s-2', [{ type: 'B', data: {} }], 'no_stream');
      expect((await sub.take(['s-1', 's-2', '$settings'], 2)).map((e) => e.type)).toEqual(['A', 'B']);
    } finally {
      await sub.close();
      await store.close();
    }
  });

  it('groups events that have already arrived into one batch', async () => {
    const { store } = overFake();
    await store.appendToStream(
      's-1',
      Array.from({ length: 50 }, (_, n) => ({ type: 'N', data: { n } })),
      'no_stream',
    );
    const sub = new TestSubscription(store, { maxBatch: 512 });
    try {
      await sub.take(['s-1'], 50);
      expect(sub.batchSizes.length).toBeLessThan(5);
    } finally {
      await sub.close();
      await store.close();
    }
  });

  it('refuses an event whose commit and prepare positions differ (legacy explicit transaction) instead of skipping it', async () => {
    const { fake, store } = overFake();
    fake.appendExplicitTransaction('legacy-1', ['A', 'B']);
    const it = store.subscribeToAll()[Symbol.asyncIterator]();
    try {
      await expect(within(it.next(), 3000, 'subscription')).rejects.toThrow(/not one position per event/);
      await expect(store.readStream('legacy-1')).rejects.toThrow(/not one position per event/);
    } finally {
      await store.close();
    }
  });
});
