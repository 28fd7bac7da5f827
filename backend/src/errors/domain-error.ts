import { ERRORS, ErrorCode } from './error-catalogue';

/**
 * A rule the request broke. Carries a stable code; the HTTP mapping lives in ApiExceptionFilter. `details`
 * are fields the answer carries beside `errors` (a retired video's tombstone with its 410, say).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(ERRORS[code].message);
    this.name = 'DomainError';
  }
}
