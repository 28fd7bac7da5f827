import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Claim, IdempotencyRecord, IdempotencyStore, StoredAnswer, claimOf } from './idempotency-store.port';

const SCHEMA = `CREATE TABLE IF NOT EXISTS idempotency (
  key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, claim_id TEXT, answer TEXT, expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS idempotency_expiry ON idempotency (expires_at)`;

/** Expired rows removed per claim: enough to keep up with any claim rate, never a long pause. */
const SWEEP_PER_CLAIM = 20;

type Row = { fingerprint: string; answer: string | null; expires_at: number };

/**
 * The embedded deployment's keys, in `DATA_DIR/idempotency.sqlite` (shared by every process on the
 * data directory; each claim is one IMMEDIATE transaction, so two processes never both claim a key).
 * synchronous=NORMAL in WAL mode: a record survives a process crash, not necessarily a power cut.
 * Opened on first use, like the snapshot store, so a read-only data directory does not stop a start.
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private db: Database.Database | undefined;
  private closed = false;

  constructor(private readonly filePath: string) {}

  async claim(key: string, fingerprint: string, pendingMs: number, claimId: string): Promise<Claim> {
    const db = this.open();
    const now = Date.now();
    return db
      .transaction((): Claim => {
        db.prepare('DELETE FROM idempotency WHERE rowid IN (SELECT rowid FROM idempotency WHERE expires_at <= ? LIMIT ?)').run(
          now,
          SWEEP_PER_CLAIM,
        );
        const row = db.prepare<[string, number], Row>('SELECT * FROM idempotency WHERE key = ? AND expires_at > ?').get(key, now);
        if (row) {
          const record: IdempotencyRecord = {
            fingerprint: row.fingerprint,
            answer: row.answer === null ? undefined : JSON.parse(row.answer),
          };
          return claimOf(record, fingerprint);
        }
        db.prepare('INSERT OR REPLACE INTO idempotency (key, fingerprint, claim_id, answer, expires_at) VALUES (?, ?, ?, NULL, ?)').run(
          key,
          fingerprint,
          claimId,
          now + pendingMs,
        );
        return { kind: 'claimed' };
      })
      .immediate();
  }

  async complete(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    const db = this.open();
    db.transaction(() => {
      const row = db.prepare<[string], Row>('SELECT * FROM idempotency WHERE key = ?').get(key);
      if (row && row.fingerprint !== fingerprint && row.expires_at > Date.now()) return;
      db.prepare('INSERT OR REPLACE INTO idempotency (key, fingerprint, claim_id, answer, expires_at) VALUES (?, ?, NULL, ?, ?)').run(
        key,
        fingerprint,
        JSON.stringify(answer),
        Date.now() + ttlMs,
      );
    }).immediate();
  }

  async release(key: string, claimId: string): Promise<void> {
    this.open().prepare('DELETE FROM idempotency WHERE key = ? AND claim_id = ? AND answer IS NULL').run(key, claimId);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.db?.close();
    this.db = undefined;
  }

  private open(): Database.Database {
    if (this.closed) throw new Error('idempotency store closed');
    if (this.db) return this.db;
    mkdirSync(dirname(this.filePath), { recursive: true });
    const db = new Database(this.filePath, { timeout: 1000 });
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec(SCHEMA);
      this.db = db;
      return db;
    } catch (err) {
      db.close();
      throw err;
    }
  }
}
