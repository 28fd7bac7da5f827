import type { NewEvent, StoredEvent } from '../events/event';
import type { EventCodec } from '../event-store/coded-event-store';
import { SCHEMA_VERSION_KEY, currentVersion, storedVersion, upcast } from '../events/event-versions';
import type { KeyStore } from './key-store.port';
import { PersonalDataCodec, sealedFieldsOf } from './personal-data.codec';
import { correlationMetadata } from '../tracing/correlation';

/**
 * Metadata of an event copied by `npm run migrate`: when it was first recorded, read back as its
 * createdAt, so a migrated store keeps every event's time (history, activity, time-travel).
 */
export const ORIGINAL_CREATED_AT = 'originalCreatedAt';

/**
 * The app's codec: writing, an event is stamped with its type's current schema version and with what
 * caused it (correlation.ts: the request, the command, the span appending it), and its personal fields
 * are sealed; reading, they are opened and the data is upcast to the current shape.
 */
export class AppEventCodec implements EventCodec {
  private readonly personal: PersonalDataCodec;

  constructor(keys: KeyStore) {
    this.personal = new PersonalDataCodec(keys);
  }

  encode(event: NewEvent): Promise<NewEvent> {
    // A copy made by `npm run migrate` keeps the metadata it had: correlated or not, it is not stamped again.
    const stamp = event.metadata?.[ORIGINAL_CREATED_AT] === undefined ? correlationMetadata(event.metadata) : {};
    const metadata = { ...event.metadata, ...stamp, [SCHEMA_VERSION_KEY]: currentVersion(event.type) };
    return this.personal.seal({ ...event, metadata });
  }

  decode(event: StoredEvent): StoredEvent | Promise<StoredEvent> {
    return sealedFieldsOf(event.metadata) ? this.personal.open(event).then(upcastEvent) : upcastEvent(event);
  }
}

function upcastEvent(stored: StoredEvent): StoredEvent {
  const original = stored.metadata[ORIGINAL_CREATED_AT];
  const event = typeof original === 'string' ? { ...stored, createdAt: original } : stored;
  const version = storedVersion(event.metadata);
  if (version >= currentVersion(event.type)) return event;
  return { ...event, data: upcast(event.type, version, event) };
}
