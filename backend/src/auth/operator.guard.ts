import { CanActivate, ExecutionContext, Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { AuthedRequest, UnknownUserError } from './auth.guard';
import { Authenticator } from './authenticator';

/**
 * Lets operators only through. It runs after the global AuthGuard, which answered 401 to a missing or
 * invalid token and put the user on the request. The role is read from the user's account stream in the
 * event store on this very request, never from the token nor from the projected profile (which each
 * instance applies a moment after the append): a grant or a revoke, by the API or by `npm run operator`
 * in another process, counts for every request that starts once it is committed, on every instance
 * (docs/design/catalogue.md, "Operators").
 */
@Injectable()
class OperatorGuard implements CanActivate {
  constructor(private readonly authenticator: Authenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { user } = context.switchToHttp().getRequest<AuthedRequest>();
    if (!user || !(await this.authenticator.isOperator(user._id))) throw new DomainError('NOT_AN_OPERATOR');
    return true;
  }
}

/**
 * `@OperatorOnly()` on a controller (or a route): 401 without a valid token, 403 NOT_AN_OPERATOR for a
 * user who is not an operator. A validly signed token of nobody is refused as an invalid token.
 */
export const OperatorOnly = () => applyDecorators(UnknownUserError('INVALID_TOKEN'), UseGuards(OperatorGuard));
