import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { streams } from '../events/app-events';
import { fold } from '../domain/decider';
import { emailReservation } from '../domain/email-reservation/email-reservation';
import { UserState, userAccount } from '../domain/user-account/user-account';
import { EMAIL_INDEX, EmailIndex } from '../personal-data/email-index';
import { userIdForEmail } from '../shared/user-id';

/** Accounts isOperator keeps folded: every operator of a catalogue many times over. */
const MAX_FOLDED = 1_000;

/**
 * A user's credentials, read from their own stream (the read model never holds a password hash):
 * the authoritative record, never a lagging view, so a login right after signing up succeeds. The
 * event store opens the sealed fields; an erased account reads as `erased`.
 */
@Injectable()
export class CredentialsReader {
  /** Accounts folded for isOperator, with the revision each fold reached; the least recently asked go first. */
  private readonly folded = new Map<string, { readonly revision: number; readonly state: UserState }>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(EMAIL_INDEX) private readonly index: EmailIndex,
  ) {}

  async read(userId: string): Promise<UserState> {
    return fold(userAccount, userAccount.initialState(), await this.store.readStream(streams.user(userId)));
  }

  /**
   * Whether the user holds the operator role as of the store's latest position (docs/design/catalogue.md,
   * "Operators"): the account stream is read on every call, whichever process appended to it, never a
   * projected profile. Stored events never change, so only those after the revision folded last time are
   * read: one indexed query that finds nothing most times (~4 µs), not the whole stream with its sealed
   * fields opened again (~1 ms for 20 events). An account that is nobody (erased) is not kept.
   */
  async isOperator(userId: string): Promise<boolean> {
    const known = this.folded.get(userId);
    const newer = await this.store.readStream(streams.user(userId), { fromRevision: known ? known.revision + 1 : 0 });
    const last = newer[newer.length - 1];
    const current = last ? { revision: last.revision, state: fold(userAccount, known?.state ?? userAccount.initialState(), newer) } : known;
    if (current) this.remember(userId, current);
    return current?.state.registered === true && current.state.operator;
  }

  private remember(userId: string, folded: { readonly revision: number; readonly state: UserState }): void {
    // A slower call that read less must not put an older fold back.
    if ((this.folded.get(userId)?.revision ?? -1) > folded.revision) return;
    this.folded.delete(userId);
    if (!folded.state.registered) return;
    this.folded.set(userId, folded);
    if (this.folded.size > MAX_FOLDED) this.folded.delete(this.folded.keys().next().value!);
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
