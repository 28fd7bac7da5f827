import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streams } from '../../events/app-events';
import { timestamp } from '../../shared/timestamp';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { hashPassword } from './password-hasher';
import { signUpProfile, SignUpProfileFields } from './sign-up-profile';
import { userDecider } from './user.decider';
import { normaliseEmail, userIdForEmail } from './user-id';

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
    const result = await this.runner.run(streams.user(userId), userDecider, {
      type: 'SignUp',
      userId,
      email: normaliseEmail(details.email),
      passwordHash: await hashPassword(details.password),
      ...signUpProfile(details),
      createdAt: timestamp(),
    });
    return { ...result, userId };
  }
}
