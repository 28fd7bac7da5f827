/**
 * The fields of each event type that identify a person: they are stored encrypted under that
 * person's data key (personal-data/), and become unreadable for good when the key is destroyed at
 * erasure. The person is always the event's `data.userId`.
 *
 * A new event type that carries personal data is ONE line here; nothing else has to know. Fields
 * absent from an event are skipped, so optional fields (name, username) cost nothing.
 */
export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  UserSignedUp: ['email', 'passwordHash', 'firstName', 'lastName', 'name', 'username'],
  ProfileUpdated: ['firstName', 'lastName'],
  PasswordChanged: ['passwordHash'],
};
