import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Names the format of a sealed value, so that a later scheme can be told apart. */
const SCHEME = 'g1';

/**
 * Binds a ciphertext to its person and field: a value copied into another person's event, or into
 * another field of the same event, fails authentication instead of decrypting there.
 */
const associatedData = (subjectId: string, field: string) => Buffer.from(`techtube/personal/${subjectId}/${field}`, 'utf8');

/** AES-256-GCM with a random 96-bit IV per value: `g1.<iv>.<ciphertext>.<tag>`, base64url parts. Any JSON value. */
export function sealField(key: Buffer, subjectId: string, field: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(subjectId, field));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [SCHEME, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The value sealed by sealField; throws when the key, person or field is not the one it was sealed with, or it was altered. */
export function openField(key: Buffer, subjectId: string, field: string, sealed: unknown): unknown {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts.length !== 4 || parts[0] !== SCHEME) throw new Error(`${field}: not a sealed value`);
  const [, iv, body, tag] = parts as [string, string, string, string];
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(subjectId, field));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as unknown;
}
