import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { timestamp } from '../../shared/timestamp';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { userAccount } from '../../lists/user-account';
import { hashPassword } from '../../shared/password-hasher';
import { normaliseEmail, userIdForEmail } from '../../shared/user-id';
import { signUpProfile, SignUpProfileFields } from './sign-up-profile';

export interface SignUpDetails extends SignUpProfileFields {
  readonly email: string;
  readonly password: string;
}

export class SignUp extends Command<WriteResult & { userId: string }> {
  constructor(readonly details: SignUpDetails) {
    super();
  }
}

@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ details }: SignUp): Promise<WriteResult & { userId: string }> {
    const userId = userIdForEmail(details.email);
    const command = {
      type: 'SignUp' as const,
      userId,
      email: normaliseEmail(details.email),
      passwordHash: await hashPassword(details.password),
      ...signUpProfile(details),
      createdAt: timestamp(),
    };
    const result = await this.runner.run(userAccount.streamOf(command), userAccount, command);
    return { ...result, userId };
  }
}
