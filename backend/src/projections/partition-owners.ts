import { createHash } from 'node:crypto';

/**
 * Which live instance should project a partition: rendezvous (highest random weight) hashing, so that
 * every instance computes the same answer from the same member list, partitions spread evenly, and an
 * instance joining or leaving moves only the partitions it gains or had.
 */
export function ownerOf(partition: number, members: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = '';
  for (const member of members) {
    const weight = createHash('sha1').update(`${partition}:${member}`).digest('hex');
    if (best === undefined || weight > bestWeight) [best, bestWeight] = [member, weight];
  }
  return best;
}
