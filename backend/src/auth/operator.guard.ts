import { CanActivate, ExecutionContext, Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { AuthedRequest, UnknownUserError } from './auth.guard';

/**
 * Lets operators only through. It runs after the global AuthGuard, which answered 401 to a missing or
 * invalid token and put the user's profile, read on this very request, on the request: the role is
 * read there, never from the token, so a grant or a revoke counts from the next request on
 * (docs/design/catalogue.md, "Operators").
 */
@Injectable()
class OperatorGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { user } = context.switchToHttp().getRequest<AuthedRequest>();
    if (user?.operator !== true) throw new DomainError('NOT_AN_OPERATOR');
    return true;
  }
}

/**
 * `@OperatorOnly()` on a controller (or a route): 401 without a valid token, 403 NOT_AN_OPERATOR for a
 * user who is not an operator. A validly signed token of nobody is refused as an invalid token.
 */
export const OperatorOnly = () => applyDecorators(UnknownUserError('INVALID_TOKEN'), UseGuards(OperatorGuard));
