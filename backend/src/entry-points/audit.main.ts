import 'reflect-metadata';
import { auditLine, auditUser } from '../audit/user-audit';
import { openExistingStore, runTool } from './command-line-tool';

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
  const opened = openExistingStore('audit');
  if (!opened) return 1;
  const { store, emailIndex } = opened;
  try {
    const audit = await auditUser(store, emailIndex, who);
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

runTool(main);
