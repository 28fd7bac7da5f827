import { createHmac } from 'node:crypto';
import { normaliseEmail } from '../shared/user-id';

export const EMAIL_INDEX = Symbol('EMAIL_INDEX');

/**
 * Names an email without writing it down: HMAC-SHA256 of the normalised email under a server secret
 * (EMAIL_INDEX_SECRET), so the log holds no email and no one without the secret can test an email
 * against it (a plain hash of an email is reversed by trying candidate emails).
 */
export class EmailIndex {
  constructor(private readonly secret: string) {}

  /** The reservation stream's id part for this email: 43 base64url characters. */
  keyOf(email: string): string {
    return createHmac('sha256', this.secret).update(normaliseEmail(email), 'utf8').digest('base64url');
  }
}
