/**
 * The profile a sign-up stores, from whichever of the mockBee template's profile fields a client
 * sent: the template keeps any field, and its published clients send firstName/lastName, or only a
 * `name`, or a `username`. Only email and password are required; the UI greets by firstName, so a
 * lone `name` is split into first and last names, and a lone `username` stands in for a first name.
 */
export interface SignUpProfileFields {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly name?: string;
  readonly username?: string;
}

export interface SignUpProfile {
  readonly firstName: string;
  readonly lastName: string;
  readonly name?: string;
  readonly username?: string;
}

export function signUpProfile(fields: SignUpProfileFields): SignUpProfile {
  const name = fields.name?.trim() || undefined;
  const username = fields.username?.trim() || undefined;
  const [first = '', ...rest] = (name ?? '').split(/\s+/).filter(Boolean);
  const firstName = fields.firstName?.trim() || first || username || '';
  const lastName = fields.lastName?.trim() || (fields.firstName?.trim() ? '' : rest.join(' '));
  return { firstName, lastName, ...(name !== undefined && { name }), ...(username !== undefined && { username }) };
}
