import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PostgresCatalogueReadModel } from '../../backend/src/catalogue/read-model/postgres/postgres-catalogue-read-model';
import { SqliteCatalogueReadModel } from '../../backend/src/catalogue/read-model/sqlite/sqlite-catalogue-read-model';
import type { CatalogueReadModel } from '../../backend/src/catalogue/read-model/catalogue-read-model.port';
import { describeCatalogueReadModelContract } from '../contracts/catalogue-read-model.contract';

// The machine's PostgreSQL 15 (trust auth on loopback; .ci/run installs and starts it where it is missing). Each
// test makes its own database and drops it, so that tests never share rows.
const POSTGRES = process.env.CATALOGUE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describeCatalogueReadModelContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-read-model-'));
  const file = join(dir, 'catalogue.sqlite');
  let model: CatalogueReadModel = new SqliteCatalogueReadModel(file);
  return {
    model,
    reopen: async () => {
      await model.close();
      model = new SqliteCatalogueReadModel(file);
      return model;
    },
    dispose: async () => {
      await model.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeCatalogueReadModelContract('PostgreSQL', async () => {
  const database = `catalogue_test_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  let model: CatalogueReadModel = await PostgresCatalogueReadModel.open(url.toString());
  return {
    model,
    reopen: async () => {
      await model.close();
      model = await PostgresCatalogueReadModel.open(url.toString());
      return model;
    },
    dispose: async () => {
      await model.close();
      await admin(`DROP DATABASE ${database} WITH (FORCE)`);
    },
  };
});

/** A statement on the maintenance database; a database's name cannot be a parameter, so it is made of hex digits here. */
async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
