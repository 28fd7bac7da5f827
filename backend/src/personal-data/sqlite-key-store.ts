import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DATA_KEY_BYTES, KeyStore, SubjectErasedError } from './key-store.port';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS data_keys (subject TEXT PRIMARY KEY, key BLOB, destroyed_at TEXT)';

/**
 * Data keys of the embedded deployment, in `DATA_DIR/keys.sqlite`, a file of its own: never inside
 * the event store, whose copies and backups must not carry the keys that unlock them.
 *
 * Rollback journal (not WAL) with `secure_delete`: a destroyed key's bytes are overwritten in the
 * file itself and no write-ahead log keeps an older page holding it. `synchronous = FULL`: a key is
 * made before the event it encrypts is appended, and losing it would erase that person by accident.
 *
 * Keys asked for in the same tick are made in one transaction (so one set of fsyncs): a batch of events
 * sealed together (`npm run migrate` copies thousands of sign-ups) would otherwise wait on the disk once
 * per new person. Each caller is still answered only once the transaction holding its key has committed.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  /** Subjects without a key yet, and who waits for theirs: made together on the next microtask. */
  private waiting = new Map<string, { resolve: (key: Buffer) => void; reject: (error: Error) => void }[]>();
  private readonly insertAll: (subjects: readonly string[]) => void;
  private readonly statements: {
    insert: Database.Statement<[string, Buffer]>;
    select: Database.Statement<[string]>;
    destroy: Database.Statement<[{ subject: string; at: string }]>;
  };

  constructor(filePath: string) {
    mkdirSync(dirname(filePath), { recursive: true });
    this.db = new Database(filePath, { timeout: 5000 });
    this.db.pragma('journal_mode = DELETE');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);
    this.statements = {
      insert: this.db.prepare('INSERT OR IGNORE INTO data_keys (subject, key) VALUES (?, ?)'),
      select: this.db.prepare('SELECT key, destroyed_at FROM data_keys WHERE subject = ?'),
      destroy: this.db.prepare(
        `INSERT INTO data_keys (subject, key, destroyed_at) VALUES (@subject, NULL, @at)
         ON CONFLICT (subject) DO UPDATE SET key = NULL, destroyed_at = COALESCE(destroyed_at, @at)`,
      ),
    };
    this.insertAll = this.db.transaction((subjects: readonly string[]) => {
      for (const subject of subjects) this.statements.insert.run(subject, randomBytes(DATA_KEY_BYTES));
    });
  }

  async keyFor(subjectId: string): Promise<Buffer> {
    const known = this.row(subjectId);
    if (known) return this.keyIn(known, subjectId);
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(subjectId) ?? [];
      waiters.push({ resolve, reject });
      this.waiting.set(subjectId, waiters);
      if (this.waiting.size === 1 && waiters.length === 1) queueMicrotask(() => this.makeWaitingKeys());
    });
  }

  /** Makes the keys asked for since the last call, in one transaction (INSERT OR IGNORE: whoever asks first, in any process, wins). */
  private makeWaitingKeys(): void {
    const waiting = this.waiting;
    this.waiting = new Map();
    try {
      this.insertAll([...waiting.keys()]);
      for (const [subjectId, waiters] of waiting) {
        const row = this.row(subjectId);
        for (const waiter of waiters) {
          try {
            waiter.resolve(this.keyIn(row, subjectId));
          } catch (error) {
            waiter.reject(error as Error);
          }
        }
      }
    } catch (error) {
      for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error as Error);
    }
  }

  private keyIn(row: { key: Buffer | null } | undefined, subjectId: string): Buffer {
    if (!row?.key) throw new SubjectErasedError(subjectId);
    return row.key;
  }

  async find(subjectId: string): Promise<Buffer | undefined> {
    return this.row(subjectId)?.key ?? undefined;
  }

  async destroy(subjectId: string): Promise<void> {
    this.statements.destroy.run({ subject: subjectId, at: new Date().toISOString() });
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private row(subjectId: string): { key: Buffer | null } | undefined {
    return this.statements.select.get(subjectId) as { key: Buffer | null } | undefined;
  }
}
