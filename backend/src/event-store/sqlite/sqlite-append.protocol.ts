import type { ExpectedRevision } from '../event-store.port';

/**
 * What SqliteEventStore (main thread, sqlite-append-writer.ts) and its append worker
 * (sqlite-append.worker.ts) say to each other, and the SQL both sides must agree on.
 */

/** Handed to the worker at start. */
export interface AppendWorkerData {
  readonly filePath: string;
  readonly busyTimeoutMs: number;
}

/** An event as the worker writes it: data and metadata already JSON. */
export interface EncodedEvent {
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

/** One stream's part of a request. */
export interface EncodedAppend {
  readonly stream: string;
  readonly events: readonly EncodedEvent[];
  readonly expected: ExpectedRevision;
}

/** Appends committed together, in one transaction: one for appendToStream, many for appendBatch. */
interface AppendRequest {
  readonly id: number;
  readonly appends: readonly EncodedAppend[];
}

/** Asks the worker to close its connection and exit once the appends sent before it are answered. */
export const CLOSE = 'close';

export type AppendMessage = AppendRequest | typeof CLOSE;

/** Revision and position of the last event an append wrote. */
export interface AppendedAt {
  readonly revision: number;
  readonly position: bigint;
}

/**
 * A revision conflict and SQLite errors are answered as outcomes (code and message), for the main thread
 * to map; `index` is the append of the request that failed (nothing of the request was written).
 */
export type AppendOutcome =
  | { readonly ok: true; readonly results: readonly AppendedAt[] }
  | {
      readonly ok: false;
      readonly index: number;
      readonly conflict: true;
      readonly actual: number | undefined;
      readonly message: string;
      readonly code?: undefined;
    }
  | { readonly ok: false; readonly index: number; readonly conflict?: false; readonly message: string; readonly code: string | undefined };

export interface AppendReply {
  readonly id: number;
  readonly outcome: AppendOutcome;
}

export const LAST_REVISION_SQL = 'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1';

export const INSERT_SQL = 'INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';
