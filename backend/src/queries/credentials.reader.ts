import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { streams } from '../events/app-events';
import { fold } from '../lists/decider';
import { UserState, userAccount } from '../lists/user-account';

/**
 * A user's credentials, read from their own stream (the read model never holds a password hash):
 * the authoritative record, never a lagging view, so a login right after signing up succeeds.
 */
@Injectable()
export class CredentialsReader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async read(userId: string): Promise<UserState> {
    return fold(userAccount, userAccount.initialState(), await this.store.readStream(streams.user(userId)));
  }
}
