import type { PlaylistReorderedData } from './app-events';

/**
 * How list entries are ordered, in one place for the three readers of events that must agree
 * exactly: the projection (the read model), the library fold (time-travel, export, undo) and the
 * playlist decider (reorder indexes).
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
