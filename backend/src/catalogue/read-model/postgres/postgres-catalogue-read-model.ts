// The catalogue read model in PostgreSQL, through a pg pool (the configuration that chooses it comes with the wiring).
// A batch and its checkpoint are one transaction that first locks the checkpoint's row, so two writers of one
// database apply each batch once.
import { Pool, type PoolClient } from 'pg';
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
import { videoOfRow, type VideoRowValues } from '../video-row';
import { migratePostgres } from './postgres-migrate';

export class PostgresCatalogueReadModel implements CatalogueReadModel {
  private constructor(private readonly pool: Pool) {}

  /** Connects and brings the schema to the newest version. */
  static async open(connectionString: string): Promise<PostgresCatalogueReadModel> {
    const pool = new Pool({ connectionString, max: 4 });
    try {
      await inTransaction(pool, migratePostgres);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresCatalogueReadModel(pool);
  }

  apply(batch: readonly CatalogueChange[], checkpoint: bigint): Promise<void> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ position: string | null }>('SELECT position FROM read_checkpoint WHERE id = 1 FOR UPDATE');
      const stored = rows[0].position;
      if (stored !== null && checkpoint <= BigInt(stored)) return;
      for (const change of batch) for (const statement of changeStatements(change)) await query(client, statement);
      await client.query('UPDATE read_checkpoint SET position = $1 WHERE id = 1', [checkpoint.toString()]);
    });
  }

  async checkpoint(): Promise<bigint | undefined> {
    const { rows } = await this.pool.query<{ position: string | null }>('SELECT position FROM read_checkpoint WHERE id = 1');
    return rows[0].position === null ? undefined : BigInt(rows[0].position);
  }

  page(pageQuery: CataloguePageQuery): Promise<CataloguePage> {
    return readPage(pageQuery, (statement) => query<VideoRowValues>(this.pool, statement));
  }

  async video(id: string): Promise<CatalogueVideoRow | undefined> {
    const [row] = await query<VideoRowValues>(this.pool, videoStatement(id));
    return row && videoOfRow(row);
  }

  categories(): Promise<CatalogueCategoryRow[]> {
    return query<CatalogueCategoryRow>(this.pool, { sql: CATEGORIES_IN_ORDER, params: [] });
  }

  async category(reference: string): Promise<CatalogueCategoryRow | undefined> {
    return (await query<CatalogueCategoryRow>(this.pool, categoryStatement(reference)))[0];
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** Runs a shared statement: its `?` become PostgreSQL's numbered parameters (no statement holds a literal `?`). */
async function query<Row>(on: Pool | PoolClient, statement: Statement): Promise<Row[]> {
  let index = 0;
  const sql = statement.sql.replace(/\?/g, () => `$${++index}`);
  const result = await on.query(sql, [...statement.params]);
  return result.rows as Row[];
}

async function inTransaction(pool: Pool, work: (client: PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
