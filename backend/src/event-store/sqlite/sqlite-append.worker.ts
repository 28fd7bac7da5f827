import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { ExpectedRevision } from '../event-store.port';
import {
  type AppendMessage,
  type AppendOutcome,
  type AppendReply,
  type AppendWorkerData,
  type AppendedAt,
  CLOSE,
  type EncodedAppend,
  INSERT_SQL,
  LAST_REVISION_SQL,
} from './sqlite-append.protocol';

/**
 * The event store's writing connection, run in a worker thread by AppendWriter (sqlite-append-writer.ts):
 * with synchronous=FULL a commit waits for the disk's fsync, which on the main thread stopped every
 * request for that long. Each request (one append, or a batch of them) is one BEGIN IMMEDIATE transaction (the write lock is taken before
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

/** The append of the request being written: named in the outcome when it fails. */
let at = 0;

const append = db.transaction((appends: readonly EncodedAppend[]): AppendedAt[] => {
  const createdAt = new Date().toISOString();
  const results: AppendedAt[] = [];
  for (at = 0; at < appends.length; at++) {
    const { stream, events, expected } = appends[at]!;
    // Read inside the transaction: a later append to the same stream sees the rows of an earlier one.
    const row = lastRevision.get(stream);
    const current = row === undefined ? undefined : Number(row.revision);
    if (!matches(expected, current)) throw new Conflict(current);
    let revision = current ?? -1;
    let position = 0n;
    for (const event of events) {
      revision += 1;
      position = BigInt(insert.run(randomUUID(), stream, revision, event.type, event.data, event.metadata, createdAt).lastInsertRowid);
    }
    results.push({ revision, position });
  }
  return results;
});

function failed(error: unknown, index: number): AppendOutcome {
  if (error instanceof Conflict) return { ok: false, index, conflict: true, actual: error.actual, message: 'revision conflict' };
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return { ok: false, index, message: String(message), code: typeof code === 'string' ? code : undefined };
}

port.on('message', (message: AppendMessage) => {
  if (message === CLOSE) {
    db.close();
    port.close();
    return;
  }
  let outcome: AppendOutcome;
  try {
    outcome = { ok: true, results: append.immediate(message.appends) };
  } catch (error) {
    outcome = failed(error, at);
  }
  const reply: AppendReply = { id: message.id, outcome };
  port.postMessage(reply);
});
