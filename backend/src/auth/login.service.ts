import { Injectable } from '@nestjs/common';
import { verifyPassword } from '../commands/users/password-hasher';
import { userDecider } from '../commands/users/user.decider';
import { userIdForEmail } from '../commands/users/user-id';
import { CommandRunner } from '../commands/shared/command-runner';
import { DomainError } from '../errors/domain-error';
import { streams } from '../events/app-events';
import { UserProfile } from '../read-model/read-model.port';

/** Logs in against the user's own stream: the authoritative record, never a lagging view. */
@Injectable()
export class LoginService {
  constructor(private readonly runner: CommandRunner) {}

  async login(email: string, password: string): Promise<UserProfile> {
    const userId = userIdForEmail(email);
    const user = (await this.runner.load(streams.user(userId), userDecider))?.state;
    if (!user?.registered) throw new DomainError('EMAIL_NOT_REGISTERED');
    if (!(await verifyPassword(password, user.passwordHash))) throw new DomainError('INVALID_CREDENTIALS');
    return {
      _id: user.userId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      ...(user.name !== undefined && { name: user.name }),
      ...(user.username !== undefined && { username: user.username }),
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    };
  }
}
