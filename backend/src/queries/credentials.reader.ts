import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { streams } from '../events/app-events';
import { fold } from '../domain/decider';
import { emailReservation } from '../domain/email-reservation/email-reservation';
import { UserState, userAccount } from '../domain/user-account/user-account';
import { EMAIL_INDEX, EmailIndex } from '../personal-data/email-index';
import { userIdForEmail } from '../shared/user-id';

/**
 * A user's credentials, read from their own stream (the read model never holds a password hash):
 * the authoritative record, never a lagging view, so a login right after signing up succeeds. The
 * event store opens the sealed fields; an erased account reads as `erased`.
 */
@Injectable()
export class CredentialsReader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(EMAIL_INDEX) private readonly index: EmailIndex,
  ) {}

  async read(userId: string): Promise<UserState> {
    return fold(userAccount, userAccount.initialState(), await this.store.readStream(streams.user(userId)));
  }

  /**
   * The account that holds this email: its reservation names the (random) user id. A store written
   * before reservations has none; its accounts are found at the UUIDv5 of the email, as then.
   */
  async findByEmail(email: string): Promise<{ userId: string; state: UserState } | undefined> {
    const reservation = fold(emailReservation, {}, await this.store.readStream(streams.emailReservation(this.index.keyOf(email))));
    const userId = reservation.holder ?? userIdForEmail(email);
    const state = await this.read(userId);
    return state.registered ? { userId, state } : undefined;
  }
}
