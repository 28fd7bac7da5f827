import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Snapshot, SnapshotStore, decodeSnapshot, encodeSnapshot } from './snapshot-store.port';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS snapshots (key TEXT PRIMARY KEY, revision INTEGER NOT NULL, body TEXT NOT NULL)';

// A newer snapshot is never replaced by an older one (two processes may save the same stream).
const UPSERT = `INSERT INTO snapshots (key, revision, body) VALUES (?, ?, ?)
  ON CONFLICT (key) DO UPDATE SET revision = excluded.revision, body = excluded.body WHERE excluded.revision > snapshots.revision`;

/**
 * Snapshots of the embedded deployment, in a file of their own beside the event store's: a save
 * never waits for (or holds) the event store's write lock. synchronous=OFF, because a snapshot is
 * a cache: one lost in a power cut is simply taken again, and a save costs no fsync.
 *
 * The file is opened on first use, so that a data directory the process cannot write does not stop
 * the app from starting (reads still work there; the event store answers writes with 503).
 */
export class SqliteSnapshotStore implements SnapshotStore {
  private db: Database.Database | undefined;
  private statements:
    | {
        load: Database.Statement<[string]>;
        save: Database.Statement<[string, number, string]>;
        drop: Database.Statement<[string]>;
        dropPrefix: Database.Statement<[number, string]>;
      }
    | undefined;
  private closed = false;

  constructor(private readonly filePath: string) {}

  async load(key: string): Promise<Snapshot | undefined> {
    const row = this.open().load.get(key) as { body: string } | undefined;
    return decodeSnapshot(row?.body);
  }

  async save(key: string, snapshot: Snapshot): Promise<void> {
    this.open().save.run(key, snapshot.revision, encodeSnapshot(snapshot));
  }

  async drop(keys: readonly string[], prefixes: readonly string[] = []): Promise<void> {
    const { drop, dropPrefix } = this.open();
    const db = this.db!;
    db.transaction(() => {
      for (const key of keys) drop.run(key);
      // substr, not LIKE: an id may hold % or _.
      for (const prefix of prefixes) dropPrefix.run(prefix.length, prefix);
    })();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.db?.close();
    this.db = undefined;
    this.statements = undefined;
  }

  private open() {
    if (this.closed) throw new Error('snapshot store closed');
    if (this.statements) return this.statements;
    mkdirSync(dirname(this.filePath), { recursive: true });
    const db = new Database(this.filePath, { timeout: 1000 });
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = OFF');
      db.exec(SCHEMA);
      this.statements = {
        load: db.prepare('SELECT body FROM snapshots WHERE key = ?'),
        save: db.prepare(UPSERT),
        drop: db.prepare('DELETE FROM snapshots WHERE key = ?'),
        dropPrefix: db.prepare('DELETE FROM snapshots WHERE substr(key, 1, ?) = ?'),
      };
      this.db = db;
      return this.statements;
    } catch (err) {
      db.close();
      throw err;
    }
  }
}
