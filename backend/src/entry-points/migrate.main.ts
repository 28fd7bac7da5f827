import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { publishStagedFile, stagingFileOf } from '../event-store/sqlite/sqlite-staged-file';
import { migrateStore } from '../migrate/migrate-store';
import { verifyMigration } from '../migrate/verify-migration';
import { EmailIndex } from '../personal-data/email-index';
import { openEventStore } from '../storage/storage.providers';
import { toolCorrelationId, withCorrelation } from '../tracing/correlation';

const USAGE = 'Usage: npm run migrate -- <old DATA_DIR> <new DATA_DIR> [--verify]';

/**
 * `npm run migrate -- <old DATA_DIR> <new DATA_DIR> [--verify]`: copies an embedded store of the
 * previous form (plaintext profiles, UUIDv5 ids) into a new data directory in the new form (README:
 * "Migrating a store"). The new directory gets its own key store and secrets (EMAIL_INDEX_SECRET and
 * KEY_STORE_URL from the environment, if set, like the app). The copy is written as
 * events.sqlite.migrating and becomes events.sqlite only once complete (and, with --verify, once a
 * rebuild of both stores has given every user the same read model): a copy cut short is never served.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const verify = args.includes('--verify');
  const [from, to, ...rest] = args.filter((arg) => arg !== '--verify');
  if (!from || !to || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const sourceFile = join(resolve(from), 'events.sqlite');
  if (!existsSync(sourceFile)) {
    console.error(`No event store in ${resolve(from)}`);
    return 1;
  }
  const targetDir = resolve(to);
  const file = join(targetDir, 'events.sqlite');
  const staging = stagingFileOf(file);
  const startOver = `delete ${targetDir} (its keys.sqlite holds only the keys of that copy) and run again`;
  if (existsSync(staging)) {
    console.error(`${staging} is a copy that did not finish (the migration stopped or crashed) and was never served: ${startOver}`);
    return 1;
  }
  if (existsSync(file)) {
    console.error(`${targetDir} already has an event store: migrate into a new DATA_DIR`);
    return 1;
  }
  const config = loadConfig({ ...process.env, DATA_DIR: to, EVENTSTORE_CONNECTION_STRING: '' });
  const source = SqliteEventStore.open(sourceFile);
  const target = openEventStore(config, { raw: SqliteEventStore.open(staging) });
  // The source read as the app reads it (nothing in it is sealed, so the copy's key store is never asked).
  const original = openEventStore(config, { raw: source });
  try {
    const cpuBefore = process.cpuUsage();
    // Copies keep their own correlation metadata; what the old form lacked is this run's (docs/design/operating.md).
    const report = await withCorrelation(toolCorrelationId('cli'), () =>
      migrateStore(source, target, new EmailIndex(config.emailIndexSecret), { log: (line) => console.error(line) }),
    );
    // Every thread of the process (the append worker too): on a busy machine, what the copy itself cost.
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `migrated ${report.events} events of ${report.users} users in ${report.seconds.toFixed(1)} s: ${report.eventsPerSecond} events/s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`,
    );
    if (verify) {
      const check = await verifyMigration(original, target);
      if (check.mismatches.length > 0) {
        console.error(`${check.mismatches.length} users differ (by old id):\n${check.mismatches.slice(0, 20).join('\n')}`);
        console.error(`${staging} not published: ${startOver}`);
        return 1;
      }
      console.log(`verified: the read model of each of the ${check.users} users is the same in the copy`);
    }
  } catch (error) {
    console.error(`${staging} not published: ${startOver}`);
    throw error;
  } finally {
    await original.close();
    await target.close();
  }
  publishStagedFile(staging, file);
  console.log(`${file} is ready`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
