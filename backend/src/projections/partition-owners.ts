import { createHash } from 'node:crypto';

/**
 * Which live instance should project each partition, computed alike by every instance from the same
 * member list: partitions are dealt out evenly (no instance gets more than ⌈P / N⌉), each to the member
 * it ranks highest by rendezvous hashing among those with room left, so that a member joining or leaving
 * moves few partitions.
 */
export function assignPartitions(partitions: number, members: readonly string[]): (string | undefined)[] {
  const owners = new Array<string | undefined>(partitions).fill(undefined);
  if (members.length === 0) return owners;
  const cap = Math.ceil(partitions / members.length);
  const load = new Map(members.map((m) => [m, 0]));
  for (let k = 0; k < partitions; k++) {
    const ranked = [...members].sort((a, b) => (weight(k, b) > weight(k, a) ? 1 : weight(k, b) < weight(k, a) ? -1 : 0));
    const owner = ranked.find((m) => load.get(m)! < cap)!;
    load.set(owner, load.get(owner)! + 1);
    owners[k] = owner;
  }
  return owners;
}

function weight(partition: number, member: string): string {
  return createHash('sha1').update(`${partition}:${member}`).digest('hex');
}
