import type { NewEvent, StoredEvent } from '../events/event';
import { PERSONAL_FIELDS } from '../events/personal-fields';
import { openField, sealField } from './field-cipher';
import type { KeyStore } from './key-store.port';

/** What an event's metadata says of its sealed fields: whose key, and which fields. */
export interface SealedFields {
  readonly subject: string;
  readonly fields: readonly string[];
}

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one place personal fields are encrypted and decrypted (the list: events/personal-fields.ts).
 *
 * Writing, each personal field present in the data is sealed under its person's key (made on first
 * use) and the metadata records `personal: {subject, fields}`. Reading, the fields are opened again;
 * when the key was destroyed (an erased account) they are left out and the data says `erased: true`,
 * so every reader (deciders' folds, projections, login, audit) sees the erasure the same way.
 * Events written before encryption (no `personal` metadata) are read as they are.
 */
export class PersonalDataCodec {
  constructor(private readonly keys: KeyStore) {}

  async seal<E extends NewEvent>(event: E): Promise<E> {
    const fields = PERSONAL_FIELDS[event.type];
    if (!fields || !isRecord(event.data)) return event;
    const data = event.data;
    const present = fields.filter((field) => data[field] !== undefined);
    if (present.length === 0) return event;
    const subject = data.userId;
    if (typeof subject !== 'string') throw new Error(`${event.type}: personal fields need a data.userId to know whose key seals them`);
    const key = await this.keys.keyFor(subject);
    const sealed: Data = { ...data };
    for (const field of present) sealed[field] = sealField(key, subject, field, data[field]);
    const personal: SealedFields = { subject, fields: present };
    return { ...event, data: sealed, metadata: { ...event.metadata, personal } };
  }

  async open(event: StoredEvent): Promise<StoredEvent> {
    const personal = sealedFieldsOf(event.metadata);
    if (!personal || !isRecord(event.data)) return event;
    const key = await this.keys.find(personal.subject);
    const data: Data = { ...event.data };
    for (const field of personal.fields) {
      if (key) data[field] = openField(key, personal.subject, field, data[field]);
      else delete data[field];
    }
    if (!key) data.erased = true;
    return { ...event, data };
  }
}

export function sealedFieldsOf(metadata: Record<string, unknown>): SealedFields | undefined {
  const personal = metadata.personal;
  if (!isRecord(personal) || typeof personal.subject !== 'string' || !Array.isArray(personal.fields)) return undefined;
  return { subject: personal.subject, fields: personal.fields.filter((f): f is string => typeof f === 'string') };
}
