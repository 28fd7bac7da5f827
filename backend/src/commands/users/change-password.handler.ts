import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../errors/domain-error';
import { streams } from '../../events/app-events';
import { userAccount } from '../../domain/user-account/user-account';
import { hashPassword, verifyPassword } from '../../shared/password-hasher';
import { timestamp } from '../../shared/timestamp';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';

export class ChangePassword extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}

/**
 * Checks the current password against the user's own stream (the authority), hashes the new one,
 * and lets the account's decider append PasswordChanged only if the hash checked is still the
 * current one. The event retires every token issued before it (its session generation).
 */
@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ userId, currentPassword, newPassword }: ChangePassword): Promise<WriteResult> {
    const state = (await this.runner.load(streams.user(userId), userAccount))?.state ?? userAccount.initialState();
    if (!state.registered) throw new DomainError('USER_NOT_FOUND');
    if (!(await verifyPassword(currentPassword, state.passwordHash))) throw new DomainError('WRONG_CURRENT_PASSWORD');
    const command = {
      type: 'ChangePassword' as const,
      userId,
      passwordHash: await hashPassword(newPassword),
      replaces: state.passwordHash,
      at: timestamp(),
    };
    return this.runner.run(userAccount.streamOf(command), userAccount, command);
  }
}
