import { createHash } from 'node:crypto';

/** Fixed namespace of this product's user ids (RFC 9562 name-based UUIDs). */
const NAMESPACE = Buffer.from('6f1c2a4e9b3d4e0fa8c75d21e3b9a407', 'hex');

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A user's id is the UUIDv5 of their normalised email. Signing up is then a single append to
 * `user-<id>` expecting "no stream": the store itself refuses a second account for the same
 * email, atomically, with no reservation stream that a crash could leave orphaned.
 */
export function userIdForEmail(email: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(normaliseEmail(email), 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
