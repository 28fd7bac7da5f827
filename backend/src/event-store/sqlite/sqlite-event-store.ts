import type { NewEvent, StoredEvent } from '../../events/event';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import type {
  AppendResult,
  BatchAppender,
  EventStore,
  ExpectedRevision,
  ReadStreamOptions,
  StreamAppend,
  SubscribeOptions,
} from '../event-store.port';
import { EventStoreUnavailableError, WrongExpectedRevisionError, assertAppendArguments } from '../event-store.port';
import { AppendWriter } from './sqlite-append-writer';
import { type AppendOutcome, type EncodedAppend, type EncodedEvent, LAST_REVISION_SQL } from './sqlite-append.protocol';

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

const META_SCHEMA = 'CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)';

// Codes meaning "the store cannot take this write right now", as opposed to a bug in the caller.
const UNAVAILABLE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY)/;

/**
 * The embedded event store. SQLite serialises writers (BEGIN IMMEDIATE takes the write lock before
 * the revision check), so rowid order is commit order even with several processes on one file,
 * and a reader can never see position N+1 before N: subscriptions may simply read `position > cursor`.
 *
 * Appends run on a connection of their own in a worker thread (AppendWriter, sqlite-append.worker.ts):
 * with synchronous=FULL a commit waits for the disk's fsync, and better-sqlite3 waits synchronously,
 * which on the main thread stopped every request for that long — the largest share of an API write's time (bench/RESULTS.md).
 * Durability is the same: an append resolves only once its COMMIT (and fsync) has returned. Reads stay
 * here, on this connection: in WAL mode they never wait for the writer.
 */
export class SqliteEventStore implements EventStore, BatchAppender {
  private readonly waiters = new Set<() => void>();
  private closed = false;
  private readonly stmts: Statements;
  private writer: AppendWriter | undefined;
  private knownStoreId: string | undefined;
  /** Appends of this instance acknowledged so far: tells a subscription whether to read again. */
  private appended = 0;

  private constructor(
    private readonly db: Database.Database,
    private readonly filePath: string,
    private readonly pollIntervalMs: number,
    private readonly busyTimeoutMs: number,
  ) {
    this.stmts = prepareStatements(db);
  }

  static open(filePath: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    let db: Database.Database | undefined;
    try {
      mkdirSync(dirname(filePath), { recursive: true });
      const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
      db = new Database(filePath, { timeout: busyTimeoutMs });
      // Some file systems cannot do WAL and SQLite then silently keeps the rollback journal.
      if (db.pragma('journal_mode = WAL', { simple: true }) !== 'wal') throw new Error('WAL journal mode unsupported');
      db.pragma('synchronous = FULL'); // WAL + FULL: the WAL is fsynced at every commit, so an acknowledged append survives power loss
      db.defaultSafeIntegers(true);
      db.exec(SCHEMA);
      return new SqliteEventStore(db, filePath, options.pollIntervalMs ?? 100, busyTimeoutMs);
    } catch (err) {
      db?.close();
      throw new EventStoreUnavailableError(`Cannot open event store ${filePath}: ${(err as Error).message}`, { cause: err });
    }
  }

  async appendToStream(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    assertAppendArguments(stream, events, expectedRevision);
    const [result] = await this.commit([{ stream, events, expectedRevision }]);
    return result!;
  }

  /** BatchAppender: the appends in one transaction, so one fsync for the lot (`npm run migrate`). */
  async appendBatch(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) throw new Error('appendBatch: no appends');
    for (const { stream, events, expectedRevision } of appends) assertAppendArguments(stream, events, expectedRevision);
    return this.commit(appends);
  }

  private async commit(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    this.assertOpen();
    // Encoded here, so that an event that is not JSON fails before anything is sent, and the worker
    // receives plain strings.
    const encoded = appends.map(({ stream, events, expectedRevision }): EncodedAppend => ({
      stream,
      expected: expectedRevision,
      events: events.map(({ type, data, metadata }): EncodedEvent => {
        const json = JSON.stringify(data);
        if (json === undefined) throw new TypeError(`Event ${type}: data is not JSON-serialisable`);
        return { type, data: json, metadata: JSON.stringify(metadata ?? {}) };
      }),
    }));
    this.writer ??= new AppendWriter(this.filePath, this.busyTimeoutMs);
    let outcome: AppendOutcome;
    try {
      outcome = await this.writer.append(encoded);
    } catch (err) {
      // The worker could not run (it failed to start or died): the store cannot take writes now.
      this.writer = undefined;
      throw new EventStoreUnavailableError(`Event store unavailable: ${(err as Error).message}`, { cause: err });
    }
    if (outcome.ok) {
      this.appended++;
      this.wakeSubscribers();
      return outcome.results.map(({ revision, position }) => ({ nextExpectedRevision: revision, position }));
    }
    // `index` names the append being written; a failure of the COMMIT itself (a full disk) comes after
    // the last one, so it names none.
    const failedAppend = appends[outcome.index];
    if (outcome.conflict && failedAppend) {
      throw new WrongExpectedRevisionError(failedAppend.stream, failedAppend.expectedRevision, outcome.actual ?? 'no_stream');
    }
    const err = Object.assign(new Error(outcome.message), { code: outcome.code });
    // Only reachable if another writer slipped in between our check and insert (e.g. one not using
    // BEGIN IMMEDIATE); it is still the same optimistic-concurrency conflict for the caller.
    if (failedAppend && outcome.code === 'SQLITE_CONSTRAINT_UNIQUE' && /events\.stream/.test(outcome.message)) {
      const { stream, expectedRevision } = failedAppend;
      throw new WrongExpectedRevisionError(stream, expectedRevision, this.tryLastRevision(stream));
    }
    throw this.mapError(err);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromRevision ?? 0;
    if (options.maxCount === undefined) return this.query(() => this.stmts.readStream.all(stream, from).map(toStored));
    const max = options.maxCount;
    if (!Number.isSafeInteger(max) || max < 0) throw new Error(`readStream(${stream}): invalid maxCount ${max}`);
    return this.query(() => this.stmts.readStreamPage.all(stream, from, max).map(toStored));
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncGenerator<StoredEvent[], void, undefined> {
    const { signal, maxBatch = 512 } = options;
    if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new Error(`subscribeToAll: invalid maxBatch ${maxBatch}`);
    let cursor = options.after ?? -1n;
    while (!this.closed && !signal?.aborted) {
      const appendedBefore = this.appended;
      const rows = this.query(() => this.stmts.readAll.all(cursor, maxBatch));
      if (rows.length > 0) {
        const batch = rows.map(fromColumns);
        cursor = batch[batch.length - 1].position;
        yield batch;
      }
      // A full batch means more to read at once: the rows are read and handed over without any I/O, so a follower
      // folding a long run of events (an import of thousands of videos) would hold the event loop from batch to
      // batch, and every request would wait for the whole run. Requests get a turn between batches instead.
      if (rows.length === maxBatch) await yieldToIo();
      // A short batch held everything committed when it was read: unless an append of this instance
      // has been acknowledged since, a second read would find nothing (and costs as much as the first
      // after the writer's commit has emptied this connection's page cache). Other processes' appends
      // are noticed by the waiter's poll either way.
      if (rows.length === 0 || (rows.length < maxBatch && this.appended === appendedBefore)) {
        // An in-process append is acknowledged (and wakes waiters) on this thread, never between the
        // read above and registering the waiter, so nothing from this instance is ever missed.
        await this.waitForAppend(signal);
      }
    }
  }

  async headPosition(): Promise<bigint | undefined> {
    return this.query(() => this.stmts.head.get()?.head ?? undefined);
  }

  /**
   * Kept in a table of its own beside the events, made on the first call (not at open, which must also
   * work on a read-only file, and only written when missing): a copy of the file keeps the id, a new
   * file gets a new one. It never changes, so it is read once.
   */
  async storeId(): Promise<string> {
    this.knownStoreId ??= this.query(() => {
      const read = () => {
        try {
          return this.db.prepare<[], { value: string }>("SELECT value FROM store_meta WHERE key = 'store_id'").get()?.value;
        } catch {
          return undefined; // no table yet
        }
      };
      const known = read();
      if (known !== undefined) return known;
      this.db.exec(META_SCHEMA);
      this.db.prepare("INSERT OR IGNORE INTO store_meta (key, value) VALUES ('store_id', ?)").run(randomUUID());
      return read()!;
    });
    return this.knownStoreId;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wakeSubscribers();
    // Appends already handed to the worker are committed (and answered) before it closes.
    await this.writer?.close();
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

  private tryLastRevision(stream: string): number | 'no_stream' {
    try {
      const row = this.stmts.lastRevision.get(stream);
      return row === undefined ? 'no_stream' : Number(row.revision);
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
    lastRevision: db.prepare<[string], { revision: bigint }>(LAST_REVISION_SQL),
    readStream: db.prepare<[string, number], EventRow>('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision'),
    readStreamPage: db.prepare<[string, number, number], EventRow>(
      'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    // Rows as arrays (raw): a replay reads a million, and an object per row doubled the read (bench/RESULTS.md, Replay).
    readAll: db
      .prepare<[bigint, number], EventColumns>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
      .raw(true),
    head: db.prepare<[], { head: bigint | null }>('SELECT MAX(position) AS head FROM events'),
  };
}

/** The columns of an event row in the order `fromColumns` reads them. */
const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, created_at';
type EventColumns = [
  position: bigint,
  id: string,
  stream: string,
  revision: bigint,
  type: string,
  data: string,
  metadata: string,
  createdAt: string,
];

/** `toStored` of a raw row of EVENT_COLUMNS (indexed, not destructured: that would run the array iterator per row). */
function fromColumns(row: EventColumns): StoredEvent {
  return {
    id: row[1],
    streamId: row[2],
    revision: Number(row[3]),
    position: row[0],
    type: row[4],
    data: JSON.parse(row[5]) as unknown,
    metadata: JSON.parse(row[6]) as Record<string, unknown>,
    createdAt: row[7],
  };
}

function toStored(row: EventRow): StoredEvent {
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
