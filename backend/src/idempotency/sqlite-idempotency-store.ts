import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  Claim,
  DEFAULT_IDEMPOTENCY_BOUNDS,
  IdempotencyBounds,
  IdempotencyKey,
  IdempotencyRecord,
  IdempotencyStore,
  StoredAnswer,
  answerBytes,
  claimOf,
} from './idempotency-store.port';

// `idempotency` (one key column, answers as sent) is the table of earlier versions: dropped, since
// its answers could hold a profile or a token that an erasure would not find.
const SCHEMA = `DROP TABLE IF EXISTS idempotency;
CREATE TABLE IF NOT EXISTS idempotency_answers (
  owner TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, claim_id TEXT, answer TEXT,
  size INTEGER NOT NULL DEFAULT 0, expires_at INTEGER NOT NULL, PRIMARY KEY (owner, key)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS idempotency_answers_expiry ON idempotency_answers (expires_at)`;

/** Expired rows removed per claim: enough to keep up with any claim rate, never a long pause. */
const SWEEP_PER_CLAIM = 20;
/** Rows forgotten at a time, oldest first, while the file holds more than its bound. */
const EVICT_BATCH = 50;

type Row = { fingerprint: string; answer: string | null; expires_at: number };

/**
 * The embedded deployment's keys, in `DATA_DIR/idempotency.sqlite` (shared by every process on the
 * data directory; each claim is one IMMEDIATE transaction, so two processes never both claim a key).
 * synchronous=NORMAL in WAL mode: a record survives a process crash, not necessarily a power cut.
 * secure_delete: a forgotten answer is overwritten in the file, not left in a free page.
 * Opened on first use, like the snapshot store, so a read-only data directory does not stop a start.
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private db: Database.Database | undefined;
  private closed = false;

  constructor(
    private readonly filePath: string,
    private readonly bounds: IdempotencyBounds = DEFAULT_IDEMPOTENCY_BOUNDS,
  ) {}

  async claim({ owner, key }: IdempotencyKey, fingerprint: string, pendingMs: number, claimId: string): Promise<Claim> {
    const db = this.open();
    const now = Date.now();
    return db
      .transaction((): Claim => {
        db.prepare(
          'DELETE FROM idempotency_answers WHERE (owner, key) IN (SELECT owner, key FROM idempotency_answers WHERE expires_at <= ? LIMIT ?)',
        ).run(now, SWEEP_PER_CLAIM);
        const row = db
          .prepare<[string, string, number], Row>('SELECT * FROM idempotency_answers WHERE owner = ? AND key = ? AND expires_at > ?')
          .get(owner, key, now);
        if (row) {
          const record: IdempotencyRecord = {
            fingerprint: row.fingerprint,
            answer: row.answer === null ? undefined : JSON.parse(row.answer),
          };
          return claimOf(record, fingerprint);
        }
        db.prepare(
          'INSERT OR REPLACE INTO idempotency_answers (owner, key, fingerprint, claim_id, answer, size, expires_at) VALUES (?, ?, ?, ?, NULL, 0, ?)',
        ).run(owner, key, fingerprint, claimId, now + pendingMs);
        return { kind: 'claimed' };
      })
      .immediate();
  }

  async complete({ owner, key }: IdempotencyKey, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    const db = this.open();
    const size = answerBytes(answer);
    db.transaction(() => {
      const now = Date.now();
      const row = db.prepare<[string, string], Row>('SELECT * FROM idempotency_answers WHERE owner = ? AND key = ?').get(owner, key);
      if (row && row.fingerprint !== fingerprint && row.expires_at > now) return;
      db.prepare('DELETE FROM idempotency_answers WHERE owner = ? AND key = ?').run(owner, key);
      this.makeRoom(db, owner, size, now);
      db.prepare(
        'INSERT INTO idempotency_answers (owner, key, fingerprint, claim_id, answer, size, expires_at) VALUES (?, ?, ?, NULL, ?, ?, ?)',
      ).run(owner, key, fingerprint, JSON.stringify(answer), size, now + ttlMs);
    }).immediate();
  }

  async release({ owner, key }: IdempotencyKey, claimId: string): Promise<void> {
    this.open()
      .prepare('DELETE FROM idempotency_answers WHERE owner = ? AND key = ? AND claim_id = ? AND answer IS NULL')
      .run(owner, key, claimId);
  }

  async forget(owner: string): Promise<void> {
    const db = this.open();
    db.prepare('DELETE FROM idempotency_answers WHERE owner = ?').run(owner);
    // The WAL still holds the pages as they were written: copy back and empty it (best effort: a
    // reader of another process may hold it, and the next checkpoint then does it).
    db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.db?.close();
    this.db = undefined;
  }

  /** The owner's oldest answers go first past their bound; then the oldest of anyone's past the file's. */
  private makeRoom(db: Database.Database, owner: string, size: number, now: number): void {
    const held = db
      .prepare<[string, number], { answer_size: number | null }>(
        'SELECT SUM(size) AS answer_size FROM idempotency_answers WHERE owner = ? AND expires_at > ?',
      )
      .get(owner, now)!.answer_size;
    let excess = (held ?? 0) + size - this.bounds.bytesPerOwner;
    if (excess > 0) {
      const oldest = db
        .prepare<[string], { key: string; size: number }>(
          'SELECT key, size FROM idempotency_answers WHERE owner = ? AND answer IS NOT NULL ORDER BY expires_at',
        )
        .iterate(owner);
      const drop = db.prepare('DELETE FROM idempotency_answers WHERE owner = ? AND key = ?');
      const dropped: string[] = [];
      for (const row of oldest) {
        if (excess <= 0) break;
        dropped.push(row.key);
        excess -= row.size;
      }
      for (const dropKey of dropped) drop.run(owner, dropKey);
    }
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const used = () =>
      ((db.pragma('page_count', { simple: true }) as number) - (db.pragma('freelist_count', { simple: true }) as number)) * pageSize;
    for (let round = 0; round < 20 && used() + size > this.bounds.totalBytes; round++) {
      const removed = db
        .prepare(
          'DELETE FROM idempotency_answers WHERE (owner, key) IN (SELECT owner, key FROM idempotency_answers WHERE answer IS NOT NULL ORDER BY expires_at LIMIT ?)',
        )
        .run(EVICT_BATCH).changes;
      if (removed === 0) break;
    }
  }

  private open(): Database.Database {
    if (this.closed) throw new Error('idempotency store closed');
    if (this.db) return this.db;
    mkdirSync(dirname(this.filePath), { recursive: true });
    const db = new Database(this.filePath, { timeout: 1000 });
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('secure_delete = ON');
      db.exec(SCHEMA);
      this.db = db;
      return db;
    } catch (err) {
      db.close();
      throw err;
    }
  }
}
