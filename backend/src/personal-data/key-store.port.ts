/**
 * The key store: one random AES-256 data key per person (crypto-shredding). It lives apart from the
 * event log, so that destroying a key makes that person's encrypted fields unreadable in every copy
 * of the log (backups, replicas, migrated stores) without rewriting history.
 *
 * A destroyed key leaves a tombstone: the subject can never be given a key again, so nothing written
 * after an erasure (a write racing the deletion) is encrypted under a fresh, readable key.
 */
export interface KeyStore {
  /** The subject's key, made once (atomically, whoever asks first) when they have none; throws SubjectErasedError after destroy(). */
  keyFor(subjectId: string): Promise<Buffer>;
  /** The subject's key, or undefined when they never had one or it was destroyed. */
  find(subjectId: string): Promise<Buffer | undefined>;
  /** Forgets the key for good and leaves the tombstone; destroying twice is harmless. */
  destroy(subjectId: string): Promise<void>;
  close(): Promise<void>;
}

export const KEY_STORE = Symbol('KEY_STORE');

/** Length of a data key: AES-256. */
export const DATA_KEY_BYTES = 32;

export class SubjectErasedError extends Error {
  readonly code = 'SUBJECT_ERASED';
  constructor(readonly subjectId: string) {
    super(`The personal data key of ${subjectId} was destroyed (erased account)`);
  }
}
