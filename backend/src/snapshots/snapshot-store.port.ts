/**
 * Snapshots of a stream's folded state, so that the first command on a long stream after a restart
 * reads only the events written since the snapshot instead of the whole stream.
 *
 * A snapshot is a cache, never the truth: losing one, or finding it stale or unreadable, only costs
 * a longer read. The command runner therefore checks every snapshot against the stream before using
 * it (the event it was taken at must still be there, with the same id) and ignores any it cannot
 * trust. Adapters answer undefined for a missing or malformed snapshot; when the store itself fails
 * (file unwritable, Redis down) load() and save() reject, and the runner goes on without snapshots.
 */
export interface Snapshot {
  /** The codec version the state was encoded with: another version is ignored. */
  readonly version: number;
  /** Revision of the last event folded into `state`. */
  readonly revision: number;
  /** Id of that event: proves the snapshot belongs to this store's stream. */
  readonly eventId: string;
  /** Global position of that event. */
  readonly position: bigint;
  /** The state as the decider's codec encoded it (JSON). */
  readonly state: unknown;
}

export interface SnapshotStore {
  /** The newest snapshot saved under `key`, or undefined. */
  load(key: string): Promise<Snapshot | undefined>;
  /** Replaces the snapshot under `key` unless the stored one is newer (a higher revision). */
  save(key: string, snapshot: Snapshot): Promise<void>;
  /**
   * Drops the snapshots under these keys, and under every key starting with one of `prefixes`
   * (an erased user's: SECURITY.md §10). Rare, so an adapter may scan for the prefixes.
   */
  drop(keys: readonly string[], prefixes?: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export const SNAPSHOT_STORE = Symbol('SNAPSHOT_STORE');

/** What the adapters store: one JSON document per key (bigints as decimal strings). */
export function encodeSnapshot(snapshot: Snapshot): string {
  return JSON.stringify({ ...snapshot, position: snapshot.position.toString() });
}

/** The stored document, or undefined when it is not a well-formed snapshot. */
export function decodeSnapshot(text: string | null | undefined): Snapshot | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const { version, revision, eventId, position, state } = raw;
    if (!Number.isSafeInteger(version) || !Number.isSafeInteger(revision) || (revision as number) < 0) return undefined;
    if (typeof eventId !== 'string' || typeof position !== 'string' || !/^\d+$/.test(position)) return undefined;
    return { version: version as number, revision: revision as number, eventId, position: BigInt(position), state };
  } catch {
    return undefined;
  }
}
