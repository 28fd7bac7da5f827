import { randomUUID } from 'node:crypto';
import { CHECKPOINT_VERSION } from '../domain/library/library-checkpoint';
import type { Snapshot } from '../snapshots/snapshot-store.port';

/** What is known of one checkpoint without loading it. */
export interface IndexEntry {
  /** The user's events folded in (N, 2N, …). */
  readonly count: number;
  /** Position and id of the last of them. */
  readonly position: bigint;
  readonly eventId: string;
  /** The newest createdAt of every event up to here (time-travel to a moment at or after it may start here). */
  readonly maxCreatedAt: string;
  /** The oldest createdAt of the events since the previous checkpoint (whether time-travel must read them). */
  readonly minCreatedAt: string;
}

/**
 * A user's checkpoints, oldest first, one per N events. `generation` names this set: checkpoints
 * found not to match the store are replaced by a new generation, never overwritten in place.
 * `writes` counts saves of the index, so a newer index always replaces an older one.
 */
export interface CheckpointIndex {
  readonly generation: string;
  readonly writes: number;
  readonly entries: readonly IndexEntry[];
}

export const freshIndex = (writes: number): CheckpointIndex => ({ generation: randomUUID(), writes, entries: [] });

type Row = [number, string, string, string, string];

const isRow = (row: unknown): row is Row =>
  Array.isArray(row) &&
  row.length === 5 &&
  Number.isSafeInteger(row[0]) &&
  typeof row[1] === 'string' &&
  /^\d+$/.test(row[1]) &&
  row.slice(2).every((v) => typeof v === 'string');

/** The stored index, or a fresh one when there is none or it is of another version or shape. */
export function readIndex(snapshot: Snapshot | undefined): CheckpointIndex {
  if (!snapshot) return freshIndex(0);
  const rows = (snapshot.state as { entries?: unknown } | null)?.entries;
  if (snapshot.version !== CHECKPOINT_VERSION || !Array.isArray(rows) || !rows.every(isRow)) return freshIndex(snapshot.revision);
  return {
    generation: snapshot.eventId,
    writes: snapshot.revision,
    entries: rows.map(([count, position, eventId, maxCreatedAt, minCreatedAt]) => ({
      count,
      position: BigInt(position),
      eventId,
      maxCreatedAt,
      minCreatedAt,
    })),
  };
}

export function writeIndex(index: CheckpointIndex): Snapshot {
  const last = index.entries.at(-1);
  return {
    version: CHECKPOINT_VERSION,
    revision: index.writes,
    eventId: index.generation,
    position: last?.position ?? 0n,
    state: { entries: index.entries.map((e) => [e.count, e.position.toString(), e.eventId, e.maxCreatedAt, e.minCreatedAt]) },
  };
}
