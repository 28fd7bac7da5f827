import 'reflect-metadata';
import { CommandRunner } from '../commands/shared/command-runner';
import { runAsCommand } from '../commands/send-command';
import { userAccount } from '../domain/user-account/user-account';
import { streams } from '../events/app-events';
import { CredentialsReader } from '../queries/credentials.reader';
import { normaliseEmail } from '../shared/user-id';
import { toolCorrelationId, withCorrelation } from '../tracing/correlation';
import { openExistingStore, runTool } from './command-line-tool';

const USAGE = 'Usage: npm run operator -- grant <email> | npm run operator -- revoke <email>';

/**
 * `npm run operator -- grant|revoke <email>`: gives or takes the operator role (docs/design/catalogue.md,
 * "Operators"), the way to make the first operator. It appends OperatorGranted or OperatorRevoked with
 * `by: "cli"` to the user's account stream in the event store the configuration names (DATA_DIR or
 * EVENTSTORE_CONNECTION_STRING), as the running app would, and prints once the append is committed: every
 * instance's operator guard reads the role from the store, so from then on the user's requests with the token
 * they hold count the new role, before any instance has projected it. Exit code 1 when no user has the email.
 */
async function main(): Promise<number> {
  const [action, email, ...rest] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email?.trim() || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const opened = openExistingStore('operator-cli');
  if (!opened) return 1;
  const { store, emailIndex } = opened;
  try {
    const found = await new CredentialsReader(store, emailIndex).findByEmail(email);
    if (!found) {
      console.error(`No user signed up with the email ${email.trim()}`);
      return 1;
    }
    const { userId } = found;
    const type = action === 'grant' ? 'GrantOperator' : 'RevokeOperator';
    // Correlated as a run of its own, `cli:<uuid>` (docs/design/operating.md).
    const { events, position } = await withCorrelation(toolCorrelationId('cli'), () =>
      runAsCommand(type, () => new CommandRunner(store).run(streams.user(userId), userAccount, { type, userId, by: 'cli' })),
    );
    const who = `${normaliseEmail(email)} (user ${userId})`;
    if (events.length === 0) console.log(`${who} ${action === 'grant' ? 'is already' : 'is not'} an operator: nothing changed`);
    else
      console.log(`${action === 'grant' ? 'Granted the operator role to' : 'Revoked the operator role of'} ${who} at position ${position}`);
    return 0;
  } finally {
    await store.close();
  }
}

runTool(main);
