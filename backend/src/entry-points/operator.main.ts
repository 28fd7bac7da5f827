import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CommandRunner } from '../commands/shared/command-runner';
import { ConfigError, loadConfig } from '../config/app-config';
import { userAccount } from '../domain/user-account/user-account';
import { streams } from '../events/app-events';
import { EmailIndex } from '../personal-data/email-index';
import { CredentialsReader } from '../queries/credentials.reader';
import { normaliseEmail } from '../shared/user-id';
import { openEventStore } from '../storage/storage.providers';

const USAGE = 'Usage: npm run operator -- grant <email> | npm run operator -- revoke <email>';

/**
 * `npm run operator -- grant|revoke <email>`: gives or takes the operator role (docs/design/catalogue.md,
 * "Operators"), the way to make the first operator. It appends OperatorGranted or OperatorRevoked with
 * `by: "cli"` to the user's account stream in the event store the configuration names (DATA_DIR or
 * EVENTSTORE_CONNECTION_STRING), as the running app would: the app projects it like any event, and the
 * user's next request with the token they hold counts the new role. Exit code 1 when no user has the email.
 */
async function main(): Promise<number> {
  const [action, email, ...rest] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email?.trim() || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // Signs nothing: a placeholder keeps loadConfig from writing a JWT secret into DATA_DIR (as the audit does).
  const placeholders = { JWT_SECRET: process.env.JWT_SECRET || 'operator-cli-signs-no-tokens-'.padEnd(32, '-') };
  const config = loadConfig({ ...process.env, ...placeholders, EMAIL_INDEX_SECRET: 'operator-cli-placeholder-'.padEnd(32, '-') });
  // Opening SQLite would create an empty store where there is none: say so instead.
  if (!config.eventStoreConnectionString && !existsSync(join(config.dataDir, 'events.sqlite'))) {
    console.error(`No event store in ${config.dataDir}: set DATA_DIR (or EVENTSTORE_CONNECTION_STRING)`);
    return 1;
  }
  const { emailIndexSecret } = loadConfig({ ...process.env, ...placeholders });
  const store = openEventStore(config);
  try {
    const found = await new CredentialsReader(store, new EmailIndex(emailIndexSecret)).findByEmail(email);
    if (!found) {
      console.error(`No user signed up with the email ${email.trim()}`);
      return 1;
    }
    const { userId } = found;
    const type = action === 'grant' ? 'GrantOperator' : 'RevokeOperator';
    const { events, position } = await new CommandRunner(store).run(streams.user(userId), userAccount, { type, userId, by: 'cli' });
    const who = `${normaliseEmail(email)} (user ${userId})`;
    if (events.length === 0) console.log(`${who} ${action === 'grant' ? 'is already' : 'is not'} an operator: nothing changed`);
    else
      console.log(`${action === 'grant' ? 'Granted the operator role to' : 'Revoked the operator role of'} ${who} at position ${position}`);
    return 0;
  } finally {
    await store.close();
  }
}

const exit = (code: number) => process.stdout.write('', () => process.exit(code));

main().then(exit, (error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error instanceof Error ? error.message : error);
  exit(1);
});
