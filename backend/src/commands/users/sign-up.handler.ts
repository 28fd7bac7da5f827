import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { timestamp } from '../../shared/timestamp';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { userAccount } from '../../domain/user-account/user-account';
import { hashPassword } from '../../shared/password-hasher';
import { normaliseEmail } from '../../shared/user-id';
import { signUpProfile, SignUpProfileFields } from './sign-up-profile';
import { EmailReservations } from './email-reservations';

export interface SignUpDetails extends SignUpProfileFields {
  readonly email: string;
  readonly password: string;
}

export class SignUp extends Command<WriteResult & { userId: string }> {
  constructor(readonly details: SignUpDetails) {
    super();
  }
}

/**
 * A new account: a random id (nothing about the person can be computed from it, nor it from their
 * email), the email reserved first (the store refuses a second holder), then the account's stream,
 * whose personal fields the event store seals under the new person's key.
 */
@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly reservations: EmailReservations,
  ) {}

  async execute({ details }: SignUp): Promise<WriteResult & { userId: string }> {
    const userId = randomUUID();
    const email = normaliseEmail(details.email);
    // Hashed before the reservation, so that the reservation waits for its account as briefly as possible.
    const passwordHash = await hashPassword(details.password);
    await this.reservations.reserve(email, userId);
    const command = {
      type: 'SignUp' as const,
      userId,
      email,
      passwordHash,
      ...signUpProfile(details),
      createdAt: timestamp(),
    };
    const result = await this.runner.run(userAccount.streamOf(command), userAccount, command);
    return { ...result, userId };
  }
}
