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
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
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
  }

  async keyFor(subjectId: string): Promise<Buffer> {
    this.statements.insert.run(subjectId, randomBytes(DATA_KEY_BYTES));
    const row = this.row(subjectId);
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
