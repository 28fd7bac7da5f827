import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-catalogue';
import type { UserProfile } from '../read-model/read-model.port';
import { Authenticator } from './authenticator';

const UNKNOWN_USER = 'unknownUserError';

/**
 * The API answers an unknown user with one message on list reads and adds, and another on
 * deletes and playlist routes (docs/api.md lists each route's); routes pick theirs with this decorator.
 */
export const UnknownUserError = (code: ErrorCode) => SetMetadata(UNKNOWN_USER, code);

/** A request and the user the guard (or the write hooks before it, api/user-writes.ts) found for it. */
export type AuthedRequest = { headers: Record<string, string | string[] | undefined>; user?: UserProfile };

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const user = await this.authenticator.authenticateRequest(request);
    if (!user) {
      const code = this.reflector.getAllAndOverride<ErrorCode>(UNKNOWN_USER, [context.getHandler(), context.getClass()]);
      throw new DomainError(code ?? 'USER_NOT_FOUND');
    }
    request.user = user;
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserProfile => {
  return context.switchToHttp().getRequest<AuthedRequest>().user!;
});
