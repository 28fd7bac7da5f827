import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { randomUUID } from 'node:crypto';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../../backend/src/event-store/event-store.port';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { appendWorkerPath } from '../../backend/src/event-store/sqlite/sqlite-append-writer';
import { describeEventStoreContract, TestSubscription, within } from '../contracts/event-store.contract';

function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-es-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describeEventStoreContract('SQLite', async () => {
  const { dir, remove } = tempDir();
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  return {
    store,
    dispose: async () => {
      await store.close();
      remove();
    },
  };
});

describe('SqliteEventStore specifics', () => {
  let dir: string;
  let remove: () => void;
  let file: string;
  const opened: { close(): unknown }[] = [];
  const subscriptions: TestSubscription[] = [];

  const open = (options?: Parameters<typeof SqliteEventStore.open>[1]) => {
    const store = SqliteEventStore.open(file, options);
    opened.push(store);
    return store;
  };
  const subscribe = (...args: ConstructorParameters<typeof TestSubscription>) => {
    const sub = new TestSubscription(...args);
    subscriptions.push(sub);
    return sub;
  };

  beforeEach(() => {
    ({ dir, remove } = tempDir());
    file = join(dir, 'nested', 'dir', 'events.sqlite');
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.close()));
    for (const handle of opened.splice(0).reverse()) await handle.close();
    remove();
  });

  it('creates the parent directory and starts empty', async () => {
    const store = open();
    await expect(store.headPosition()).resolves.toBeUndefined();
  });

  it('keeps events across close and reopen, and positions keep increasing', async () => {
    const first = open();
    const a = await first.appendToStream(
      'likes-u1',
      [{ type: 'VideoLiked', data: { videoId: 'v1' }, metadata: { by: 'u1' } }],
      'no_stream',
    );
    const b = await first.appendToStream('likes-u1', [{ type: 'VideoLiked', data: { videoId: 'v2' } }], 0);
    await first.close();

    const second = open();
    const events = await second.readStream('likes-u1');
    expect(events.map((e) => [e.revision, e.type, e.data, e.metadata, e.position])).toEqual([
      [0, 'VideoLiked', { videoId: 'v1' }, { by: 'u1' }, a.position],
      [1, 'VideoLiked', { videoId: 'v2' }, {}, b.position],
    ]);
    await expect(second.headPosition()).resolves.toBe(b.position);
    const c = await second.appendToStream('likes-u1', [{ type: 'VideoUnliked', data: { videoId: 'v1' } }], 1);
    expect(c.position > b.position).toBe(true);
    expect(c.nextExpectedRevision).toBe(2);
  });

  it('uses WAL with synchronous FULL and a busy timeout', async () => {
    const store = open();
    expect(store.settings()).toEqual({ journalMode: 'wal', synchronous: 2, busyTimeoutMs: 5000 });
    // WAL is a property of the file: any other connection sees it too.
    const raw = new Database(file, { readonly: true });
    opened.push(raw);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('headPosition is the position of the last append', async () => {
    const store = open();
    const r1 = await store.appendToStream('s-1', [{ type: 'A', data: {} }], 'no_stream');
    await expect(store.headPosition()).resolves.toBe(r1.position);
    const r2 = await store.appendToStream(
      's-2',
      [
        { type: 'B', data: {} },
        { type: 'C', data: {} },
      ],
      'no_stream',
    );
    await expect(store.headPosition()).resolves.toBe(r2.position);
  });

  it('wakes a caught-up subscription on an in-process append without waiting for the poll', async () => {
    // With a one-minute poll, only the in-process notification can deliver within the 5 s bound.
    const store = open({ pollIntervalMs: 60_000 });
    const sub = subscribe(store, {});
    const pending = sub.take(['s-1'], 1);
    await new Promise((r) => setTimeout(r, 20)); // let the subscription reach its wait
    const { position } = await store.appendToStream('s-1', [{ type: 'A', data: {} }], 'no_stream');
    const [event] = await pending;
    expect(event.position).toBe(position);
  });

  it('delivers appends made through another connection to the same file by polling', async () => {
    const reader = open({ pollIntervalMs: 20 });
    const writer = open(); // no in-process link to `reader`
    await writer.appendToStream('s-1', [{ type: 'Before', data: {} }], 'no_stream');
    const sub = subscribe(reader, {});
    expect((await sub.take(['s-1'], 1)).map((e) => e.type)).toEqual(['Before']);
    const pending = sub.take(['s-1', 's-2'], 3);
    await writer.appendToStream('s-1', [{ type: 'After1', data: {} }], 0);
    await writer.appendToStream('s-2', [{ type: 'After2', data: {} }], 'no_stream');
    await writer.appendToStream('s-1', [{ type: 'After3', data: {} }], 1);
    expect((await pending).map((e) => e.type)).toEqual(['After1', 'After2', 'After3']);
  });

  it('two instances on one file racing for the same revision: one wins, the file holds one event', async () => {
    const a = open();
    const b = open();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).appendToStream('reservation-x', [{ type: 'Reserved', data: { i } }], 'no_stream'),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof WrongExpectedRevisionError)).toHaveLength(9);
    expect(await a.readStream('reservation-x')).toHaveLength(1);
    expect(await b.readStream('reservation-x')).toHaveLength(1);
  });

  it('maps a UNIQUE (stream, revision) violation to WrongExpectedRevisionError and writes nothing', async () => {
    const a = open();
    await a.appendToStream('playlist-p1', [{ type: 'PlaylistCreated', data: {} }], 'no_stream');
    // BEGIN IMMEDIATE makes a real interleaving impossible, so a trigger plays the other writer:
    // it inserts the same (stream, revision) after `b` checked the revision and before its insert.
    const raw = new Database(file);
    opened.push(raw);
    raw.exec(`CREATE TRIGGER intruder BEFORE INSERT ON events WHEN NEW.type = 'VideoAddedToPlaylist' BEGIN
      INSERT INTO events (id, stream, revision, type, data, metadata, created_at)
      VALUES ('intruder-' || NEW.id, NEW.stream, NEW.revision, 'Intruder', '{}', '{}', NEW.created_at); END`);
    const b = open();
    const attempt = b.appendToStream('playlist-p1', [{ type: 'VideoAddedToPlaylist', data: { videoId: 'v1' } }], 0);
    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(attempt).rejects.toMatchObject({ stream: 'playlist-p1', expected: 0, actual: 0 });
    expect((await a.readStream('playlist-p1')).map((e) => e.type)).toEqual(['PlaylistCreated']);
  });

  it('appendBatch commits appends to several streams together, each checked and numbered as if appended alone', async () => {
    const store = open({ pollIntervalMs: 60_000 });
    await store.appendToStream('s-1', [{ type: 'Before', data: {} }], 'no_stream');
    const sub = subscribe(store, {});
    await sub.take(['s-1'], 1);
    const pending = sub.take(['s-1', 's-2'], 4);
    const results = await store.appendBatch([
      { stream: 's-2', events: [{ type: 'A', data: { n: 1 } }], expectedRevision: 'no_stream' },
      { stream: 's-1', events: [{ type: 'B', data: {} }], expectedRevision: 0 },
      // A later append to the same stream sees the earlier one of the batch.
      {
        stream: 's-2',
        events: [
          { type: 'C', data: {} },
          { type: 'D', data: {} },
        ],
        expectedRevision: 0,
      },
    ]);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([0, 1, 2]);
    expect(results[0]!.position < results[1]!.position && results[1]!.position < results[2]!.position).toBe(true);
    await expect(store.headPosition()).resolves.toBe(results[2]!.position);
    expect((await store.readStream('s-2')).map((e) => [e.revision, e.type])).toEqual([
      [0, 'A'],
      [1, 'C'],
      [2, 'D'],
    ]);
    // Delivered to a caught-up subscription in commit order, without waiting for the poll.
    expect((await pending).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('appendBatch writes nothing when one of its appends does not match its expected revision', async () => {
    const store = open();
    const before = await store.appendToStream('s-1', [{ type: 'Before', data: {} }], 'no_stream');
    const attempt = store.appendBatch([
      { stream: 's-2', events: [{ type: 'A', data: {} }], expectedRevision: 'no_stream' },
      { stream: 's-1', events: [{ type: 'B', data: {} }], expectedRevision: 'no_stream' },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(attempt).rejects.toMatchObject({ stream: 's-1', expected: 'no_stream', actual: 0 });
    expect(await store.readStream('s-2')).toEqual([]);
    await expect(store.headPosition()).resolves.toBe(before.position);
    await expect(store.appendBatch([])).rejects.toThrow(/no appends/);
    await expect(store.appendBatch([{ stream: 's-3', events: [], expectedRevision: 'any' }])).rejects.toThrow(/no events/);
  });

  it('reports a write lock held too long by another process as EventStoreUnavailableError, then recovers', async () => {
    const store = open({ busyTimeoutMs: 50 });
    const raw = new Database(file);
    opened.push(raw);
    raw.exec('BEGIN IMMEDIATE');
    const attempt = store.appendToStream('s-1', [{ type: 'A', data: {} }], 'any');
    await expect(attempt).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(attempt).rejects.toMatchObject({ code: 'EVENT_STORE_UNAVAILABLE', cause: { code: 'SQLITE_BUSY' } });
    raw.exec('ROLLBACK');
    expect(await store.readStream('s-1')).toEqual([]);
    await expect(store.appendToStream('s-1', [{ type: 'A', data: {} }], 'no_stream')).resolves.toMatchObject({ nextExpectedRevision: 0 });
  });

  it('fails to open with EventStoreUnavailableError when the path cannot hold a database', () => {
    const blocker = join(dir, 'not-a-dir');
    writeFileSync(blocker, 'x');
    expect(() => SqliteEventStore.open(join(blocker, 'events.sqlite'))).toThrow(EventStoreUnavailableError);
  });

  it('close() ends waiting subscriptions, is idempotent, and later calls fail as unavailable', async () => {
    const store = open({ pollIntervalMs: 60_000 });
    await store.appendToStream('s-1', [{ type: 'A', data: {} }], 'no_stream');
    const sub = subscribe(store, {});
    await sub.take(['s-1'], 1);
    const pending = sub.next();
    await new Promise((r) => setTimeout(r, 20));
    await store.close();
    await store.close();
    await expect(pending).resolves.toMatchObject({ done: true });
    await expect(store.appendToStream('s-1', [{ type: 'B', data: {} }], 'any')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readStream('s-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    const late = store.subscribeToAll()[Symbol.asyncIterator]();
    await expect(within(late.next(), 2000, 'subscription on a closed store')).resolves.toMatchObject({ done: true });
  });

  it('an already-aborted signal yields nothing', async () => {
    const store = open();
    await store.appendToStream(`s-${randomUUID()}`, [{ type: 'A', data: {} }], 'no_stream');
    const controller = new AbortController();
    controller.abort();
    const it = store.subscribeToAll({ signal: controller.signal })[Symbol.asyncIterator]();
    await expect(within(it.next(), 2000, 'aborted subscription')).resolves.toMatchObject({ done: true });
  });

  it('runs the append worker compiled: from the TypeScript sources, the copy the build put in backend/dist', () => {
    expect(appendWorkerPath()).toBe(resolve(__dirname, '../../backend/dist/event-store/sqlite/sqlite-append.worker.js'));
  });

  it('rejects invalid arguments as programming errors', async () => {
    const store = open();
    await expect(store.appendToStream('s-1', [], 'any')).rejects.toThrow(/no events/);
    await expect(store.appendToStream('s-1', [{ type: 'A', data: {} }], -1)).rejects.toThrow(/invalid expected revision/);
    await expect(store.appendToStream('s-1', [{ type: 'A', data: undefined }], 'any')).rejects.toThrow(TypeError);
    const it = store.subscribeToAll({ maxBatch: 0 })[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toThrow(/maxBatch/);
    expect(await store.readStream('s-1')).toEqual([]);
  });
});

/**
 * Real processes on one file: nothing but SQLite's locking keeps them apart. The store is transpiled
 * to plain JS so that a bare `node` child can load it.
 */
describe('SqliteEventStore across processes', () => {
  const CHILDREN = 4;
  const INCREMENTS = 15;
  let dir: string;
  let remove: () => void;

  beforeAll(() => {
    ({ dir, remove } = tempDir());
    const src = resolve(__dirname, '../../backend/src/event-store');
    // The append worker is loaded by path from beside the compiled store, so it is transpiled too.
    // Laid out as in the sources: the port beside the sqlite/ folder that imports it.
    mkdirSync(join(dir, 'sqlite'));
    for (const name of [
      'event-store.port',
      'sqlite/sqlite-event-store',
      'sqlite/sqlite-append-writer',
      'sqlite/sqlite-append.protocol',
      'sqlite/sqlite-append.worker',
    ]) {
      const { outputText } = ts.transpileModule(readFileSync(join(src, `${name}.ts`), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      });
      writeFileSync(join(dir, `${name}.js`), outputText);
    }
  });

  afterAll(() => remove());

  // Each child: wait for "go", race for a reservation, then increment a counter with read + exact
  // expected revision, retrying on conflicts (the command handlers' pattern).
  const childScript = `
    const { SqliteEventStore } = require(process.env.ES_DIR + '/sqlite/sqlite-event-store.js');
    const { WrongExpectedRevisionError } = require(process.env.ES_DIR + '/event-store.port.js');
    (async () => {
      const store = SqliteEventStore.open(process.env.ES_FILE, { busyTimeoutMs: 10000 });
      process.stdout.write('ready\\n');
      await new Promise((r) => process.stdin.once('data', r));
      const me = Number(process.env.CHILD);
      let won = false, conflicts = 0;
      try {
        await store.appendToStream('reservation-email', [{ type: 'Reserved', data: { me } }], 'no_stream');
        won = true;
      } catch (e) { if (!(e instanceof WrongExpectedRevisionError)) throw e; }
      for (let i = 0; i < ${INCREMENTS}; i++) {
        for (;;) {
          const events = await store.readStream('counter');
          const last = events.length ? events[events.length - 1] : undefined;
          try {
            await store.appendToStream('counter', [{ type: 'Incremented', data: { me, value: (last ? last.data.value : 0) + 1 } }], last ? last.revision : 'no_stream');
            break;
          } catch (e) { if (!(e instanceof WrongExpectedRevisionError)) throw e; conflicts++; }
        }
      }
      await store.close();
      process.stdout.write(JSON.stringify({ won, conflicts }) + '\\n');
    })().catch((e) => { console.error(e); process.exit(1); });`;

  function startChild(file: string, index: number) {
    const child = spawn(process.execPath, ['-e', childScript], {
      env: { ...process.env, ES_DIR: dir, ES_FILE: file, CHILD: String(index), NODE_PATH: resolve(__dirname, '../../node_modules') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const ready = new Promise<void>((res, rej) => {
      child.stdout.on('data', () => out.includes('ready') && res());
      child.on('exit', () => rej(new Error(`child ${index} exited early: ${err}`)));
    });
    const done = new Promise<{ won: boolean; conflicts: number }>((res, rej) =>
      child.on('exit', (code) =>
        code === 0 ? res(JSON.parse(out.trim().split('\n').pop()!)) : rej(new Error(`child ${index} failed (${code}): ${err}`)),
      ),
    );
    done.catch(() => undefined);
    return { child, ready, done };
  }

  it('serialises writers: one reservation, no lost updates, every event delivered once in order', async () => {
    const file = join(dir, 'shared.sqlite');
    const store = SqliteEventStore.open(file, { pollIntervalMs: 20 });
    const sub = new TestSubscription(store, {});
    const children = Array.from({ length: CHILDREN }, (_, i) => startChild(file, i));
    try {
      await within(Promise.all(children.map((c) => c.ready)), 15_000, 'children did not start');
      // A crashed child fails the test at once with its stderr rather than as a timeout.
      const anyFailure = new Promise<never>((_, reject) => children.forEach((c) => c.done.catch(reject)));
      for (const c of children) c.child.stdin.end('go\n');
      const delivered = await Promise.race([sub.take(['reservation-email', 'counter'], 1 + CHILDREN * INCREMENTS, 20_000), anyFailure]);
      const results = await within(Promise.all(children.map((c) => c.done)), 20_000, 'children did not finish');

      expect(results.filter((r) => r.won)).toHaveLength(1);
      expect(await store.readStream('reservation-email')).toHaveLength(1);
      const counter = await store.readStream('counter');
      expect(counter.map((e) => (e.data as { value: number }).value)).toEqual(
        Array.from({ length: CHILDREN * INCREMENTS }, (_, i) => i + 1),
      );
      expect(counter.map((e) => e.revision)).toEqual(counter.map((_, i) => i));
      expect(delivered.filter((e) => e.streamId === 'counter').map((e) => e.id)).toEqual(counter.map((e) => e.id));
      const positions = delivered.map((e) => e.position);
      expect(positions).toEqual(positions.map((_, i) => positions[0] + BigInt(i))); // no gaps either
    } finally {
      for (const c of children) if (c.child.exitCode === null) c.child.kill();
      await sub.close();
      await store.close();
    }
  }, 60_000);
});
