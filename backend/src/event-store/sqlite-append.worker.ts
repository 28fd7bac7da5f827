import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { ExpectedRevision } from './event-store.port';
import {
  type AppendMessage,
  type AppendOutcome,
  type AppendReply,
  type AppendWorkerData,
  CLOSE,
  type EncodedEvent,
  INSERT_SQL,
  LAST_REVISION_SQL,
} from './sqlite-append.protocol';

/**
 * The event store's writing connection, run in a worker thread by AppendWriter (sqlite-append-writer.ts):
 * with synchronous=FULL a commit waits for the disk's fsync, which on the main thread stopped every
 * request for that long. Each append is one BEGIN IMMEDIATE transaction (the write lock is taken before
 * the revision check, so concurrent writers, in-process or not, are serialised), answered in the order
 * received and only once its COMMIT has returned.
 */
if (!parentPort) throw new Error('sqlite-append.worker runs in a worker thread started by SqliteEventStore');
const port = parentPort;
const { filePath, busyTimeoutMs } = workerData as AppendWorkerData;

const db = new Database(filePath, { timeout: busyTimeoutMs });
db.pragma('synchronous = FULL');
if (db.pragma('journal_mode', { simple: true }) !== 'wal' || db.pragma('synchronous', { simple: true }) !== 2) {
  throw new Error('the append connection is not in WAL mode with synchronous=FULL');
}
db.defaultSafeIntegers(true);
const lastRevision = db.prepare<[string], { revision: bigint }>(LAST_REVISION_SQL);
const insert = db.prepare<[string, string, number, string, string, string, string]>(INSERT_SQL);

class Conflict {
  constructor(readonly actual: number | undefined) {}
}

function matches(expected: ExpectedRevision, current: number | undefined): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === undefined;
  if (expected === 'stream_exists') return current !== undefined;
  return current === expected;
}

const append = db.transaction((stream: string, events: readonly EncodedEvent[], expected: ExpectedRevision): AppendOutcome => {
  const row = lastRevision.get(stream);
  const current = row === undefined ? undefined : Number(row.revision);
  if (!matches(expected, current)) throw new Conflict(current);
  let revision = current ?? -1;
  let position = 0n;
  const createdAt = new Date().toISOString();
  for (const event of events) {
    revision += 1;
    position = BigInt(insert.run(randomUUID(), stream, revision, event.type, event.data, event.metadata, createdAt).lastInsertRowid);
  }
  return { ok: true, revision, position };
});

function failed(error: unknown): AppendOutcome {
  if (error instanceof Conflict) return { ok: false, conflict: true, actual: error.actual, message: 'revision conflict' };
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return { ok: false, message: String(message), code: typeof code === 'string' ? code : undefined };
}

port.on('message', (message: AppendMessage) => {
  if (message === CLOSE) {
    db.close();
    port.close();
    return;
  }
  let outcome: AppendOutcome;
  try {
    outcome = append.immediate(message.stream, message.events, message.expected);
  } catch (error) {
    outcome = failed(error);
  }
  const reply: AppendReply = { id: message.id, outcome };
  port.postMessage(reply);
});
