import { ERRORS, ErrorCode } from './error-catalogue';

/** A rule the request broke. Carries a stable code; the HTTP mapping lives in ApiExceptionFilter. */
export class DomainError extends Error {
  constructor(readonly code: ErrorCode) {
    super(ERRORS[code].message);
    this.name = 'DomainError';
  }
}
