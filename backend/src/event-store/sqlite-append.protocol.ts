import type { ExpectedRevision } from './event-store.port';

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

interface AppendRequest {
  readonly id: number;
  readonly stream: string;
  readonly events: readonly EncodedEvent[];
  readonly expected: ExpectedRevision;
}

/** Asks the worker to close its connection and exit once the appends sent before it are answered. */
export const CLOSE = 'close';

export type AppendMessage = AppendRequest | typeof CLOSE;

/** A revision conflict and SQLite errors are answered as outcomes (code and message), for the main thread to map. */
export type AppendOutcome =
  | { readonly ok: true; readonly revision: number; readonly position: bigint }
  | {
      readonly ok: false;
      readonly conflict: true;
      readonly actual: number | undefined;
      readonly message: string;
      readonly code?: undefined;
    }
  | { readonly ok: false; readonly conflict?: false; readonly message: string; readonly code: string | undefined };

export interface AppendReply {
  readonly id: number;
  readonly outcome: AppendOutcome;
}

export const LAST_REVISION_SQL = 'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1';

export const INSERT_SQL = 'INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';
