import type { PlaylistReorderedData } from '../events/app-events';

/**
 * How list entries are ordered. Each list's fold keeps these keys, and its projection writes the
 * same keys to the read model, so that the lists served, time-travel, export and undo agree.
 */

/** An entry's sort key: the `order` an undo carries (its old place), else the event's position. */
export function sortKey(order: string | undefined, position: bigint): bigint {
  return order === undefined ? position : BigInt(order);
}

/**
 * The keys a reorder leaves: 0…n-1 in the resulting order (every later addition has a larger
 * position, so it still goes last), or on an undo the exact keys the entries had.
 */
export function reorderedKeys({ videoIds, orders }: Pick<PlaylistReorderedData, 'videoIds' | 'orders'>): [string, bigint][] {
  return videoIds.map((videoId, i) => [videoId, orders === undefined ? BigInt(i) : BigInt(orders[i]!)]);
}

/** Ids by sort key, ties broken by the ids' bytes: exactly the read models' order (a Redis ZSET's). */
export function byOrder<T>(entries: ReadonlyMap<string, T>, order: (value: T) => bigint): string[] {
  return [...entries]
    .map(([id, value]) => [id, order(value)] as const)
    .sort(([a, pa], [b, pb]) => (pa < pb ? -1 : pa > pb ? 1 : Buffer.compare(Buffer.from(a), Buffer.from(b))))
    .map(([id]) => id);
}

export const byKey = (entries: ReadonlyMap<string, bigint>): string[] => byOrder(entries, (key) => key);

/** `[[id, key], …]` with keys as decimal strings: how snapshots store a Map<string, bigint>. */
export const keysToJson = (entries: ReadonlyMap<string, bigint>): [string, string][] =>
  [...entries].map(([id, key]) => [id, key.toString()]);
export const keysFromJson = (pairs: [string, string][]): Map<string, bigint> => new Map(pairs.map(([id, key]) => [id, BigInt(key)]));
