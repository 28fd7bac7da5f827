/**
 * Where the answers of writes sent with an `Idempotency-Key` are kept (IETF httpapi
 * idempotency-key draft), so that a client retrying a write gets the first answer again instead of
 * writing twice. Shared by every instance of a deployment and kept over restarts: Redis when
 * configured, else a SQLite file beside the event store. Every record expires (claims after
 * `pendingMs`, answers after `ttlMs`), so the store stays bounded.
 */
export interface StoredAnswer {
  readonly status: number;
  readonly contentType?: string;
  readonly body: string;
}

export type Claim =
  /** The key is now held for this request: run it, then complete() or release(). */
  | { readonly kind: 'claimed' }
  /** Another request with the same key and body is being run right now. */
  | { readonly kind: 'in-progress' }
  /** The key was used for a request with another fingerprint (method, path or body). */
  | { readonly kind: 'mismatch' }
  /** The first request with this key and body was answered this way. */
  | { readonly kind: 'done'; readonly answer: StoredAnswer };

export interface IdempotencyStore {
  /**
   * Atomically: holds `key` for a request with this fingerprint, or says what holds it already.
   * `claimId` (unique per attempt) names the hold, so that only this attempt can release it, also
   * when the claim's answer was lost (release it then: if it was never made, nothing happens).
   */
  claim(key: string, fingerprint: string, pendingMs: number, claimId: string): Promise<Claim>;
  /** Keeps the answer of the claim's request for `ttlMs` (a key claimed with another fingerprint is left alone). */
  complete(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void>;
  /** Lets go of the claim `claimId` if it still holds the key unanswered (its request wrote nothing: a 5xx, a 429). */
  release(key: string, claimId: string): Promise<void>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');

/** The record kept under a key, in both adapters. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  /** The claim holding the key while its request runs; absent once answered. */
  readonly claimId?: string;
  readonly answer?: StoredAnswer;
}

export function claimOf(record: IdempotencyRecord, fingerprint: string): Claim {
  if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
  return record.answer ? { kind: 'done', answer: record.answer } : { kind: 'in-progress' };
}
