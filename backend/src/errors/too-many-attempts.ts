import { ERRORS } from './error-catalogue';

type RateLimitCode =
  'TOO_MANY_LOGIN_ATTEMPTS' | 'TOO_MANY_SIGNUPS' | 'TOO_MANY_WRITES' | 'TOO_MANY_PASSWORD_ATTEMPTS' | 'TOO_MANY_PUBLIC_READS';

/**
 * Over a rate limit: a 429 naming the wait, which the filter also sends as `retry-after`. `limit` names the
 * limit for techtube_refusals_total when the code alone does not (the view reports answer the writes' message).
 */
export class TooManyAttempts extends Error {
  readonly status = 429;

  constructor(
    readonly retryAfterSeconds: number,
    readonly code: RateLimitCode = 'TOO_MANY_LOGIN_ATTEMPTS',
    readonly limit?: string,
  ) {
    super(ERRORS[code].message.replace('N', String(retryAfterSeconds)));
    this.name = 'TooManyAttempts';
  }
}
