import { ERRORS } from './error-catalogue';

/** Login attempts over the limit: a 429 naming the wait, which the filter also sends as `retry-after`. */
export class TooManyAttempts extends Error {
  readonly status = ERRORS.TOO_MANY_LOGIN_ATTEMPTS.status;

  constructor(readonly retryAfterSeconds: number) {
    super(ERRORS.TOO_MANY_LOGIN_ATTEMPTS.message.replace('N', String(retryAfterSeconds)));
    this.name = 'TooManyAttempts';
  }
}
