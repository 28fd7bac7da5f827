// The catalogue read model in SQLite, the embedded default: a file (or ':memory:') opened by better-sqlite3. Every
// call is synchronous underneath; a batch and its checkpoint are one transaction, so a crash keeps both or neither.
import Database from 'better-sqlite3';
import type {
  CatalogueCategoryRow,
  CatalogueChange,
  CataloguePage,
  CataloguePageQuery,
  CatalogueReadModel,
  CatalogueVideoRow,
} from '../catalogue-read-model.port';
import { CATEGORIES_IN_ORDER, categoryStatement, changeStatements } from '../change-statements';
import { videoStatement, type Statement } from '../page-statement';
import { readPage } from '../read-page';
import { pendingMigrations } from '../schema-migration';
import { videoOfRow, type VideoRowValues } from '../video-row';
import { SQLITE_MIGRATIONS } from './sqlite-migrations';

export class SqliteCatalogueReadModel implements CatalogueReadModel {
  private readonly db: Database.Database;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.migrate();
  }

  apply(batch: readonly CatalogueChange[], checkpoint: bigint): Promise<void> {
    this.db.transaction(() => {
      const stored = this.storedCheckpoint();
      if (stored !== undefined && checkpoint <= stored) return;
      for (const change of batch) for (const statement of changeStatements(change)) this.run(statement);
      this.db.prepare('UPDATE read_checkpoint SET position = ? WHERE id = 1').run(checkpoint.toString());
    })();
    return Promise.resolve();
  }

  checkpoint(): Promise<bigint | undefined> {
    return Promise.resolve(this.storedCheckpoint());
  }

  page(query: CataloguePageQuery): Promise<CataloguePage> {
    return readPage(query, (statement) => Promise.resolve(this.all<VideoRowValues>(statement)));
  }

  video(id: string): Promise<CatalogueVideoRow | undefined> {
    const [row] = this.all<VideoRowValues>(videoStatement(id));
    return Promise.resolve(row && videoOfRow(row));
  }

  categories(): Promise<CatalogueCategoryRow[]> {
    return Promise.resolve(this.all<CatalogueCategoryRow>({ sql: CATEGORIES_IN_ORDER, params: [] }));
  }

  category(reference: string): Promise<CatalogueCategoryRow | undefined> {
    return Promise.resolve(this.all<CatalogueCategoryRow>(categoryStatement(reference))[0]);
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }

  private storedCheckpoint(): bigint | undefined {
    const row = this.db.prepare('SELECT position FROM read_checkpoint WHERE id = 1').get() as { position: string | null };
    return row.position === null ? undefined : BigInt(row.position);
  }

  private run(statement: Statement): void {
    this.db.prepare(statement.sql).run(...statement.params);
  }

  private all<Row>(statement: Statement): Row[] {
    return this.db.prepare(statement.sql).all(...statement.params) as Row[];
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY)');
    this.db
      .transaction(() => {
        const { current } = this.db.prepare('SELECT coalesce(max(version), 0) AS current FROM schema_version').get() as { current: number };
        for (const migration of pendingMigrations(SQLITE_MIGRATIONS, current)) {
          for (const statement of migration.statements) this.db.exec(statement);
          this.db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(migration.version);
        }
      })
      .immediate();
  }
}
