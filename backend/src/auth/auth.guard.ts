import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-catalogue';
import { CredentialsReader } from '../queries/credentials.reader';
import { READ_MODEL, ReadModel, UserProfile } from '../read-model/read-model.port';
import { TokenService } from './token.service';

const UNKNOWN_USER = 'unknownUserError';

/**
 * SPEC §8 answers an unknown user with one message on list reads and adds, and another on
 * deletes and playlist routes; routes pick theirs with this decorator.
 */
export const UnknownUserError = (code: ErrorCode) => SetMetadata(UNKNOWN_USER, code);

type AuthedRequest = { headers: Record<string, string | string[] | undefined>; user?: UserProfile };

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly reflector: Reflector,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly credentials: CredentialsReader,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const payload = this.tokens.verify(request.headers.authorization);
    const user = (await this.readModel.user(payload._id)) ?? (await this.fromStore(payload._id));
    // A valid signature for an id whose email differs is not this user's token.
    if (!user || user.email !== payload.email.trim().toLowerCase()) {
      const code = this.reflector.getAllAndOverride<ErrorCode>(UNKNOWN_USER, [context.getHandler(), context.getClass()]);
      throw new DomainError(code ?? 'USER_NOT_FOUND');
    }
    // Signed out everywhere (or the password changed) since this token was issued: it is no longer valid.
    if ((payload.gen ?? 0) < (user.sessionGeneration ?? 0)) throw new DomainError('INVALID_TOKEN');
    request.user = user;
    return true;
  }

  /**
   * The store is the authority on who exists: a read model being rebuilt (a fresh namespace, a Redis
   * that came back empty) or not yet showing a signup must not turn a real user into a 404. An erased
   * user is gone from the read model, so their token always comes here and is refused (401), on every
   * instance: the store, not process memory, says so.
   */
  private async fromStore(userId: string): Promise<UserProfile | undefined> {
    const state = await this.credentials.read(userId);
    // An erased account's token is no longer a token of anyone: refused like a bad signature.
    if (state.erased) throw new DomainError('INVALID_TOKEN');
    if (!state.registered) return undefined;
    const { email, firstName, lastName, name, username, createdAt, updatedAt, sessionGeneration } = state;
    return { _id: userId, email, firstName, lastName, name, username, createdAt, updatedAt, sessionGeneration };
  }
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserProfile => {
  return context.switchToHttp().getRequest<AuthedRequest>().user!;
});
