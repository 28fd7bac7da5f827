import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-catalogue';
import type { UserProfile } from '../read-model/read-model.port';
import { Authenticator } from './authenticator';

const UNKNOWN_USER = 'unknownUserError';

/**
 * Every route needs a token (the guard is global: auth.module.ts) unless it is marked `@Public()`: a
 * route that anyone may call says so where it is declared (test/api/public-routes.test.ts lists them).
 */
export const IS_PUBLIC_KEY = 'isPublic';
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/**
 * The API answers an unknown user with one message on list reads and adds, and another on
 * deletes and playlist routes (docs/api.md lists each route's); routes pick theirs with this decorator.
 */
export const UnknownUserError = (code: ErrorCode) => SetMetadata(UNKNOWN_USER, code);

/** A request and the user the guard (or the write hooks before it, api/user-writes.ts) found for it. */
export type AuthedRequest = { headers: Record<string, string | string[] | undefined>; user?: UserProfile };

/** The app's one guard of tokens, registered as APP_GUARD: a request to a route not marked `@Public()` needs a valid token. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
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
