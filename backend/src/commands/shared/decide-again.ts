import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../../errors/domain-error';
import { WrongExpectedRevisionError } from '../../event-store/event-store.port';

/**
 * Conflicts only come from other processes writing the same streams; a few tries settle them. Each
 * conflict means another writer went ahead, so nobody waits forever; the growing random pause lets an
 * instance that lost several races in a row (a busy user's claims under a cap, from two instances) win one.
 */
const MAX_ATTEMPTS = 10;

/**
 * Runs read → decide → append until the append finds its streams as they were read: a
 * WrongExpectedRevisionError means another writer got there first, so `work` reads and decides
 * again. After MAX_ATTEMPTS the client is told to try again (BUSY). Used by the command runner and
 * by the library actions that decide over several streams (undo, import). With `onlyStream`, a
 * conflict on another stream is not this loop's to settle: it goes back to the caller.
 */
export async function decideAgainOnConflict<T>(work: () => Promise<T>, onlyStream?: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (onlyStream !== undefined && error.stream !== onlyStream) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('BUSY');
      await sleep(Math.random() * 20 * attempt);
    }
  }
}
