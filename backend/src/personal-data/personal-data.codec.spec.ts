import type { NewEvent, StoredEvent } from '../events/event';
import { randomBytes } from 'node:crypto';
import { openField, sealField } from './field-cipher';
import { DATA_KEY_BYTES, KeyStore, SubjectErasedError } from './key-store.port';
import { PersonalDataCodec } from './personal-data.codec';

class MemoryKeys implements KeyStore {
  readonly keys = new Map<string, Buffer | null>();
  async keyFor(subject: string) {
    if (!this.keys.has(subject)) this.keys.set(subject, randomBytes(DATA_KEY_BYTES));
    const key = this.keys.get(subject);
    if (!key) throw new SubjectErasedError(subject);
    return key;
  }
  async find(subject: string) {
    return this.keys.get(subject) ?? undefined;
  }
  async destroy(subject: string) {
    this.keys.set(subject, null);
  }
  async close() {}
}

const signedUp: NewEvent = {
  type: 'UserSignedUp',
  data: { userId: 'u1', email: 'ada@example.com', passwordHash: 'scrypt$x', firstName: 'Ada', lastName: 'Lovelace', createdAt: 't' },
};
const recorded = (event: { type: string; data: unknown; metadata?: Record<string, unknown> }): StoredEvent => ({
  id: 'e1',
  streamId: 'user-u1',
  revision: 0,
  position: 1n,
  createdAt: 't',
  metadata: {},
  ...event,
});

describe('field cipher: AES-256-GCM bound to its person and field', () => {
  const key = randomBytes(32);

  test('opens what it sealed; the same value seals differently each time (random IV)', () => {
    const sealed = sealField(key, 'u1', 'email', 'ada@example.com');
    expect(sealed).not.toContain('ada');
    expect(openField(key, 'u1', 'email', sealed)).toBe('ada@example.com');
    expect(sealField(key, 'u1', 'email', 'ada@example.com')).not.toBe(sealed);
  });

  test('another key, person or field, or one altered character, fails instead of decrypting', () => {
    const sealed = sealField(key, 'u1', 'email', 'ada@example.com');
    expect(() => openField(randomBytes(32), 'u1', 'email', sealed)).toThrow();
    expect(() => openField(key, 'u2', 'email', sealed)).toThrow();
    expect(() => openField(key, 'u1', 'firstName', sealed)).toThrow();
    const body = sealed.split('.');
    body[2] = (body[2]![0] === 'A' ? 'B' : 'A') + body[2]!.slice(1);
    expect(() => openField(key, 'u1', 'email', body.join('.'))).toThrow();
  });
});

describe('personal data codec', () => {
  test('seals every personal field present, under the person’s key, and names them in the metadata', async () => {
    const keys = new MemoryKeys();
    const codec = new PersonalDataCodec(keys);
    const sealed = await codec.seal(signedUp);
    const json = JSON.stringify(sealed);
    for (const plain of ['ada@example.com', 'scrypt$x', 'Ada', 'Lovelace']) expect(json).not.toContain(plain);
    expect(sealed.metadata).toEqual({ personal: { subject: 'u1', fields: ['email', 'passwordHash', 'firstName', 'lastName'] } });
    expect((await codec.open(recorded(sealed))).data).toEqual(signedUp.data);
  });

  test('events of other types, and events written before encryption, pass through unchanged', async () => {
    const codec = new PersonalDataCodec(new MemoryKeys());
    const liked = { type: 'VideoLiked', data: { userId: 'u1', videoId: 'v' } };
    expect(await codec.seal(liked)).toBe(liked);
    const legacy = recorded(signedUp);
    expect(await codec.open(legacy)).toBe(legacy);
  });

  test('once the key is destroyed the fields are gone and the data says erased; no new key is ever made for that person', async () => {
    const keys = new MemoryKeys();
    const codec = new PersonalDataCodec(keys);
    const sealed = recorded(await codec.seal(signedUp));
    await keys.destroy('u1');
    expect((await codec.open(sealed)).data).toEqual({ userId: 'u1', createdAt: 't', erased: true });
    await expect(codec.seal(signedUp)).rejects.toBeInstanceOf(SubjectErasedError);
  });
});
