import { Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { CredentialsReader } from '../queries/credentials.reader';
import { verifyPassword } from '../shared/password-hasher';
import { UserProfile } from '../read-model/read-model.port';

/** Logs in against the user's own stream: the authoritative record, never a lagging view. */
@Injectable()
export class LoginService {
  constructor(private readonly credentials: CredentialsReader) {}

  /** The profile and the session generation the new token must carry (never sent to the client). */
  async login(email: string, password: string): Promise<UserProfile & { sessionGeneration: number }> {
    const found = await this.credentials.findByEmail(email);
    if (!found?.state.registered) throw new DomainError('EMAIL_NOT_REGISTERED');
    const user = found.state;
    if (!(await verifyPassword(password, user.passwordHash))) throw new DomainError('INVALID_CREDENTIALS');
    return {
      _id: user.userId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      ...(user.name !== undefined && { name: user.name }),
      ...(user.username !== undefined && { username: user.username }),
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      sessionGeneration: user.sessionGeneration,
      ...(user.operator && { operator: true as const }),
    };
  }
}
