import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config/app-config';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { migrateStore } from './migrate/migrate-store';
import { EmailIndex } from './personal-data/email-index';
import { openEventStore } from './storage.providers';

/**
 * `npm run migrate -- <old DATA_DIR> <new DATA_DIR>`: copies an embedded store of the previous form
 * (plaintext profiles, UUIDv5 ids) into a new data directory in the new form (README: "Migrating a
 * store"). The new directory gets its own key store and secrets (EMAIL_INDEX_SECRET and KEY_STORE_URL
 * from the environment, if set, like the app).
 */
async function main(): Promise<number> {
  const [from, to] = process.argv.slice(2);
  if (!from || !to || process.argv.length > 4) {
    console.error('Usage: npm run migrate -- <old DATA_DIR> <new DATA_DIR>');
    return 2;
  }
  if (!existsSync(join(resolve(from), 'events.sqlite'))) {
    console.error(`No event store in ${resolve(from)}`);
    return 1;
  }
  const config = loadConfig({ ...process.env, DATA_DIR: to, EVENTSTORE_CONNECTION_STRING: '' });
  const source = SqliteEventStore.open(join(resolve(from), 'events.sqlite'));
  const target = openEventStore(config);
  try {
    const report = await migrateStore(source, target, new EmailIndex(config.emailIndexSecret), (line) => console.error(line));
    console.log(
      `migrated ${report.events} events of ${report.users} users in ${report.seconds.toFixed(1)} s: ${report.eventsPerSecond} events/s`,
    );
    return 0;
  } finally {
    await source.close();
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
