import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import type { EventStore } from '../event-store/event-store.port';
import { EmailIndex } from '../personal-data/email-index';
import { openEventStore } from '../storage/storage.providers';

/**
 * The event store the configuration names (DATA_DIR or EVENTSTORE_CONNECTION_STRING), for a command-line
 * tool that signs nothing (`npm run audit`, `npm run operator`): placeholders keep loadConfig from writing
 * a JWT secret into DATA_DIR, and the email index's secret is read only once there is a store, so an empty
 * directory stays empty. Undefined, with the reason printed, when there is no store: opening SQLite would
 * create an empty one.
 */
export function openExistingStore(tool: string): { store: EventStore; emailIndex: EmailIndex } | undefined {
  const placeholders = { JWT_SECRET: process.env.JWT_SECRET || `${tool}-signs-no-tokens-`.padEnd(32, '-') };
  const config = loadConfig({ ...process.env, ...placeholders, EMAIL_INDEX_SECRET: `${tool}-placeholder-`.padEnd(32, '-') });
  if (!config.eventStoreConnectionString && !existsSync(join(config.dataDir, 'events.sqlite'))) {
    console.error(`No event store in ${config.dataDir}: set DATA_DIR (or EVENTSTORE_CONNECTION_STRING)`);
    return undefined;
  }
  const { emailIndexSecret } = loadConfig({ ...process.env, ...placeholders });
  return { store: openEventStore(config), emailIndex: new EmailIndex(emailIndexSecret) };
}

/**
 * Runs a tool's `main` and exits with its code once stdout has drained, so that a long output piped to a
 * file or `less` is never cut; an error is one line (a configuration error says so) and exit code 1.
 */
export function runTool(main: () => Promise<number>): void {
  const exit = (code: number) => process.stdout.write('', () => process.exit(code));
  main().then(exit, (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error instanceof Error ? error.message : error);
    exit(1);
  });
}
