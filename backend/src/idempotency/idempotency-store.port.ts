/**
 * Where the answers of writes sent with an `Idempotency-Key` are kept (IETF httpapi
 * idempotency-key draft), so that a client retrying a write gets the first answer again instead of
 * writing twice. Shared by every instance of a deployment and kept over restarts: Redis when
 * configured, else a SQLite file beside the event store. Every record expires (claims after
 * `pendingMs`, answers after `ttlMs`), and each owner's answers are bounded in bytes (the oldest are
 * forgotten first), so the store stays bounded (SECURITY.md §1).
 */
export interface StoredAnswer {
  readonly status: number;
  readonly contentType?: string;
  /** The body as sent, without the fields named in `rederive`. */
  readonly body: string;
  /** Top-level fields of the answer that were not kept (a token, the profile): a replay makes them anew. */
  readonly rederive?: readonly RederivedField[];
}

/** Answer fields never kept: a fresh token, and the profile (personal data), are made again on replay. */
export type RederivedField = 'encodedToken' | 'user';

/** A key is its owner's (the user of the token) and theirs only. */
export interface IdempotencyKey {
  readonly owner: string;
  readonly key: string;
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

/** What one owner, and the whole store, may hold; past it the oldest answers are forgotten first. */
export interface IdempotencyBounds {
  /** Bytes of answers kept per owner (their latest ones). */
  readonly bytesPerOwner: number;
  /** Bytes of answers kept in all (where the store can count them: the SQLite file). */
  readonly totalBytes: number;
}

export interface IdempotencyStore {
  /**
   * Atomically: holds the key for a request with this fingerprint, or says what holds it already.
   * `claimId` (unique per attempt) names the hold, so that only this attempt can release it, also
   * when the claim's answer was lost (release it then: if it was never made, nothing happens).
   */
  claim(id: IdempotencyKey, fingerprint: string, pendingMs: number, claimId: string): Promise<Claim>;
  /**
   * Keeps the answer of the claim's request for `ttlMs` (a key claimed with another fingerprint is
   * left alone). The owner's oldest answers are forgotten first when this one would pass their bound.
   */
  complete(id: IdempotencyKey, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void>;
  /** Lets go of the claim `claimId` if it still holds the key unanswered (its request wrote nothing: a 5xx, a 429). */
  release(id: IdempotencyKey, claimId: string): Promise<void>;
  /** Forgets every key and answer of this owner (their account is being erased). */
  forget(owner: string): Promise<void>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');

/** 1 MiB of answers per user, 256 MiB in all: far past what a person's retries need within a day. */
export const DEFAULT_IDEMPOTENCY_BOUNDS: IdempotencyBounds = { bytesPerOwner: 1024 * 1024, totalBytes: 256 * 1024 * 1024 };

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

/** The bytes an answer takes against its owner's bound. */
export function answerBytes(answer: StoredAnswer): number {
  return Buffer.byteLength(answer.body) + (answer.contentType?.length ?? 0) + 64;
}
