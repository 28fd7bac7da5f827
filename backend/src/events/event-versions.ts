import type { StoredEvent } from './event';

/**
 * Event versioning. Every event is stored with `metadata.schemaVersion` (absent: version 1, what was
 * written before versions existed). An event type whose stored shape changes gets a new version and
 * an upcaster per older version; readers see only the current shape, because the event store the app
 * reads through (event-store/coded-event-store.ts) upcasts every event it reads, in one place.
 *
 * An upcaster turns version n's data into version n+1's; it may use when the event was recorded
 * (older events may lack a time of their own).
 */
type Upcaster = (event: Pick<StoredEvent, 'data' | 'createdAt'>) => unknown;

interface Versioning {
  /** upcasters[i] turns version i+1 into version i+2; the current version is upcasters.length + 1. */
  readonly upcasters: readonly Upcaster[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Every event type whose shape changed, with its upcasters; a type not listed is at version 1. */
const VERSIONS: Readonly<Record<string, Versioning>> = {
  VideoWatched: {
    upcasters: [
      // v1 → v2: the watch time became required; an event without one was recorded when it was watched.
      ({ data, createdAt }) => (isRecord(data) && typeof data.watchedAt !== 'string' ? { ...data, watchedAt: createdAt } : data),
    ],
  },
};

export const SCHEMA_VERSION_KEY = 'schemaVersion';

export function currentVersion(type: string): number {
  return (VERSIONS[type]?.upcasters.length ?? 0) + 1;
}

/** The version an event was stored with: 1 when its metadata names none (written before versions). */
export function storedVersion(metadata: Record<string, unknown>): number {
  const version = metadata[SCHEMA_VERSION_KEY];
  return typeof version === 'number' && Number.isSafeInteger(version) && version >= 1 ? version : 1;
}

/** The data in the current shape of its type, or the same object when it already is (or the type is unknown). */
export function upcast(type: string, version: number, event: Pick<StoredEvent, 'data' | 'createdAt'>): unknown {
  const upcasters = VERSIONS[type]?.upcasters ?? [];
  let data = event.data;
  for (let v = version; v <= upcasters.length; v++) data = upcasters[v - 1]!({ ...event, data });
  return data;
}
