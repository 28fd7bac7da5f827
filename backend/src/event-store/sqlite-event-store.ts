import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from './event-store.port';
import { EventStoreUnavailableError, WrongExpectedRevisionError, assertAppendArguments } from './event-store.port';

export interface SqliteEventStoreOptions {
  /** How often a caught-up subscription looks for appends made by other processes. */
  readonly pollIntervalMs?: number;
  /** How long a write waits for another process's write lock before failing as unavailable; better-sqlite3
   *  is synchronous, so the event loop is blocked meanwhile: keep it short. */
  readonly busyTimeoutMs?: number;
}

type EventRow = {
  position: bigint;
  id: string;
  stream: string;
  revision: bigint;
  type: string;
  data: string;
  metadata: string;
  created_at: string;
};

const SCHEMA = `CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, revision INTEGER NOT NULL,
  type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, created_at TEXT NOT NULL, UNIQUE (stream, revision))`;

// Codes meaning "the store cannot take this write right now", as opposed to a bug in the caller.
const UNAVAILABLE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY)/;

/**
 * The embedded event store. SQLite serialises writers (BEGIN IMMEDIATE takes the write lock before
 * the revision check), so rowid order is commit order even with several processes on one file,
 * and a reader can never see position N+1 before N: subscriptions may simply read `position > cursor`.
 */
export class SqliteEventStore implements EventStore {
  private readonly waiters = new Set<() => void>();
  private closed = false;
  private readonly stmts: Statements;
  private readonly appendTx: Database.Transaction<
    (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => AppendResult
  >;

  private constructor(
    private readonly db: Database.Database,
    private readonly pollIntervalMs: number,
  ) {
    this.stmts = prepareStatements(db);
    this.appendTx = db.transaction((stream, events, expected) => {
      const current = this.lastRevision(stream);
      const ok =
        expected === 'any' ||
        (expected === 'no_stream' ? current === undefined : expected === 'stream_exists' ? current !== undefined : current === expected);
      if (!ok) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no_stream');
      let revision = current ?? -1;
      let position = 0n;
      const createdAt = new Date().toISOString();
      for (const event of events) {
        revision += 1;
        const data = JSON.stringify(event.data);
        if (data === undefined) throw new TypeError(`Event ${event.type}: data is not JSON-serialisable`);
        const metadata = JSON.stringify(event.metadata ?? {});
        const info = this.stmts.insert.run(randomUUID(), stream, revision, event.type, data, metadata, createdAt);
        position = BigInt(info.lastInsertRowid);
      }
      return { nextExpectedRevision: revision, position };
    });
  }

  static open(filePath: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    let db: Database.Database | undefined;
    try {
      mkdirSync(dirname(filePath), { recursive: true });
      db = new Database(filePath, { timeout: options.busyTimeoutMs ?? 5000 });
      // Some file systems cannot do WAL and SQLite then silently keeps the rollback journal.
      if (db.pragma('journal_mode = WAL', { simple: true }) !== 'wal') throw new Error('WAL journal mode unsupported');
      db.pragma('synchronous = FULL'); // WAL + FULL: the WAL is fsynced at every commit, so an acknowledged append survives power loss
      db.defaultSafeIntegers(true);
      db.exec(SCHEMA);
      return new SqliteEventStore(db, options.pollIntervalMs ?? 100);
    } catch (err) {
      db?.close();
      throw new EventStoreUnavailableError(`Cannot open event store ${filePath}: ${(err as Error).message}`, { cause: err });
    }
  }

  async appendToStream(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    assertAppendArguments(stream, events, expectedRevision);
    this.assertOpen();
    try {
      const result = this.appendTx.immediate(stream, events, expectedRevision);
      this.wakeSubscribers();
      return result;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      // Only reachable if another writer slipped in between our check and insert (e.g. one not using
      // BEGIN IMMEDIATE); it is still the same optimistic-concurrency conflict for the caller.
      if (code === 'SQLITE_CONSTRAINT_UNIQUE' && /events\.stream/.test((err as Error).message)) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, this.tryLastRevision(stream));
      }
      throw this.mapError(err);
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.query(() => this.stmts.readStream.all(stream, options.fromRevision ?? 0).map(toRecorded));
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncGenerator<RecordedEvent[], void, undefined> {
    const { signal, maxBatch = 512 } = options;
    if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new Error(`subscribeToAll: invalid maxBatch ${maxBatch}`);
    let cursor = options.after ?? -1n;
    while (!this.closed && !signal?.aborted) {
      const rows = this.query(() => this.stmts.readAll.all(cursor, maxBatch));
      if (rows.length > 0) {
        const batch = rows.map(toRecorded);
        cursor = batch[batch.length - 1].position;
        yield batch;
      } else {
        // Reads and in-process appends are synchronous, so no append can land between the empty
        // read above and registering the waiter: nothing from this instance is ever missed.
        await this.waitForAppend(signal);
      }
    }
  }

  async headPosition(): Promise<bigint | undefined> {
    return this.query(() => this.stmts.head.get()?.head ?? undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wakeSubscribers();
    this.db.close();
  }

  /** Connection settings, for operational checks and tests. */
  settings(): { journalMode: string; synchronous: number; busyTimeoutMs: number } {
    this.assertOpen();
    const get = (name: string) => this.db.pragma(name, { simple: true }) as unknown;
    return {
      journalMode: String(get('journal_mode')),
      synchronous: Number(get('synchronous')),
      busyTimeoutMs: Number(get('busy_timeout')),
    };
  }

  private lastRevision(stream: string): number | undefined {
    const row = this.stmts.lastRevision.get(stream);
    return row === undefined ? undefined : Number(row.revision);
  }

  private tryLastRevision(stream: string): number | 'no_stream' {
    try {
      return this.lastRevision(stream) ?? 'no_stream';
    } catch {
      return 'no_stream';
    }
  }

  private waitForAppend(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      // The timer is how appends by other processes on the same file are noticed.
      const timer = setTimeout(done, this.pollIntervalMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  private wakeSubscribers(): void {
    for (const wake of [...this.waiters]) wake();
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('Event store is closed');
  }

  private query<T>(read: () => T): T {
    this.assertOpen();
    try {
      return read();
    } catch (err) {
      throw this.mapError(err);
    }
  }

  private mapError(err: unknown): unknown {
    const code = (err as { code?: unknown })?.code;
    if (typeof code === 'string' && UNAVAILABLE.test(code)) {
      return new EventStoreUnavailableError(`Event store unavailable: ${(err as Error).message}`, { cause: err });
    }
    return err;
  }
}

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: Database.Database) {
  return {
    lastRevision: db.prepare<[string], { revision: bigint }>('SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1'),
    insert: db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    readStream: db.prepare<[string, number], EventRow>('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision'),
    readAll: db.prepare<[bigint, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
    head: db.prepare<[], { head: bigint | null }>('SELECT MAX(position) AS head FROM events'),
  };
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream,
    revision: Number(row.revision),
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}
