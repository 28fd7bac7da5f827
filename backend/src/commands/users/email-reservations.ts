import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../errors/domain-error';
import { streams } from '../../events/app-events';
import { emailReservation } from '../../domain/email-reservation/email-reservation';
import { userAccount } from '../../domain/user-account/user-account';
import { EMAIL_INDEX, EmailIndex } from '../../personal-data/email-index';
import { userIdForEmail } from '../../shared/user-id';
import { CommandRunner } from '../shared/command-runner';

/**
 * A reservation whose holder has no account after this long is a signup that stopped between its
 * two appends (reservation, then account): the email is free again. Far longer than a signup takes.
 */
const ABANDONED_AFTER_MS = 60_000;

/** Email uniqueness: one reservation stream per email, named by its keyed hash (never the email). */
@Injectable()
export class EmailReservations {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(EMAIL_INDEX) private readonly index: EmailIndex,
  ) {}

  /** Makes the email `userId`'s, atomically, or throws EMAIL_EXISTS. */
  async reserve(email: string, userId: string): Promise<void> {
    // An account of a store written before reservations (its id the UUIDv5 of the email) holds its email too.
    if ((await this.runner.load(streams.user(userIdForEmail(email)), userAccount))?.state.registered) throw new DomainError('EMAIL_EXISTS');
    const stream = this.streamOf(email);
    const current = (await this.runner.load(stream, emailReservation))?.state;
    const gone = current?.holder !== undefined && (await this.isGone(current.holder, current.since));
    await this.runner.run(stream, emailReservation, { type: 'Reserve', userId, ...(gone && { takeOverFrom: current.holder }) });
  }

  /** Frees the email, if `userId` still holds it (an erased account's email can be signed up with again). */
  async release(email: string, userId: string): Promise<void> {
    await this.runner.run(this.streamOf(email), emailReservation, { type: 'Release', userId });
  }

  private streamOf(email: string): string {
    return streams.emailReservation(this.index.keyOf(email));
  }

  private async isGone(holder: string, since: string | undefined): Promise<boolean> {
    const account = (await this.runner.load(streams.user(holder), userAccount))?.state;
    if (account?.erased) return true;
    if (account?.registered) return false;
    return since !== undefined && Date.now() - Date.parse(since) > ABANDONED_AFTER_MS;
  }
}
