import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { auditLine, auditUser } from '../audit/user-audit';
import { ConfigError, loadConfig } from '../config/app-config';
import { EmailIndex } from '../personal-data/email-index';
import { openEventStore } from '../storage/storage.providers';

/**
 * `npm run audit -- <email or user id>`: prints one user's full event history for an operator, one event
 * per line, oldest first, read from the event store the configuration names (DATA_DIR or
 * EVENTSTORE_CONNECTION_STRING). Exit code 1 when no such user exists.
 */
async function main(): Promise<number> {
  const who = process.argv[2];
  if (!who || process.argv.length > 3) {
    console.error('Usage: npm run audit -- <email or user id>');
    return 2;
  }
  // The audit signs nothing: a placeholder keeps loadConfig from writing a secret into DATA_DIR. The
  // email index's secret is read (below) only once there is a store, so an empty directory stays empty.
  const placeholders = { JWT_SECRET: process.env.JWT_SECRET || 'audit-signs-no-tokens-'.padEnd(32, '-') };
  const config = loadConfig({ ...process.env, ...placeholders, EMAIL_INDEX_SECRET: 'audit-placeholder-'.padEnd(32, '-') });
  // Opening SQLite would create an empty store where there is none: say so instead.
  if (!config.eventStoreConnectionString && !existsSync(join(config.dataDir, 'events.sqlite'))) {
    console.error(`No event store in ${config.dataDir}: set DATA_DIR (or EVENTSTORE_CONNECTION_STRING)`);
    return 1;
  }
  const { emailIndexSecret } = loadConfig({ ...process.env, ...placeholders });
  const store = openEventStore(config);
  try {
    const audit = await auditUser(store, new EmailIndex(emailIndexSecret), who);
    if (!audit) {
      console.error(`No user signed up with the email ${who.trim()}`);
      return 1;
    }
    for (const event of audit.events) console.log(auditLine(event, audit.erased));
    const state = audit.erased ? ' (erased account: personal data unreadable, events shown as [erased])' : '';
    console.error(`${audit.events.length} events of user ${audit.userId}${state}, as of position ${audit.head}`);
    return 0;
  } finally {
    await store.close();
  }
}

// Exit once stdout has drained, so that a long history piped to a file or `less` is never cut.
const exit = (code: number) => process.stdout.write('', () => process.exit(code));

main().then(exit, (error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error instanceof Error ? error.message : error);
  exit(1);
});
