// Applies the PostgreSQL migrations a database still needs, inside the caller's transaction. An advisory lock held
// until it ends makes instances that start together apply each version once.
import type { PoolClient } from 'pg';
import { pendingMigrations } from '../schema-migration';
import { POSTGRES_MIGRATIONS } from './postgres-migrations';

/** Any constant key, the same in every instance ("cata" in ASCII). */
const MIGRATION_LOCK = 0x63617461;

export async function migratePostgres(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await client.query('CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY)');
  const { rows } = await client.query<{ current: number }>('SELECT coalesce(max(version), 0)::integer AS current FROM schema_version');
  for (const migration of pendingMigrations(POSTGRES_MIGRATIONS, rows[0].current)) {
    for (const statement of migration.statements) await client.query(statement);
    await client.query('INSERT INTO schema_version (version) VALUES ($1)', [migration.version]);
  }
}
