import { userSlot } from './redis/redis-slots';

/**
 * The projection partition of a user (PROJECTION_PARTITIONS): derived from the Redis Cluster slot of the
 * user's keys, so that every slot of users' keys belongs to exactly one partition and its checkpoint has one
 * writer (the cross-user indexes, written by every partition, are ordered per member instead: redis-keys.ts).
 * All of a user's events fall in one partition, which applies them in order.
 */
export function partitionOfUser(userId: string, partitions: number): number {
  return partitions === 1 ? 0 : userSlot(userId) % partitions;
}
