import type { NewEvent, StoredEvent } from '../events/event';
import { randomUUID } from 'node:crypto';
import type { BatchAppender, EventStore, StreamAppend } from '../event-store/event-store.port';
import { streams } from '../events/app-events';
import { SCHEMA_VERSION_KEY, storedVersion, upcast } from '../events/event-versions';
import type { EmailIndex } from '../personal-data/email-index';
import { ORIGINAL_CREATED_AT } from '../personal-data/app-event-codec';
import { sealedFieldsOf } from '../personal-data/personal-data.codec';
import { normaliseEmail } from '../shared/user-id';

export interface MigrationReport {
  readonly events: number;
  readonly users: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  /** Old user id (UUIDv5 of the email) → new, random one. */
  readonly ids: ReadonlyMap<string, string>;
}

/** Every event of the store, in position order, a batch at a time, up to the head it had when called. */
async function* everyEvent(store: EventStore): AsyncGenerator<StoredEvent[]> {
  const head = await store.headPosition();
  if (head === undefined) return;
  const stop = new AbortController();
  for await (const batch of store.subscribeToAll({ signal: stop.signal, maxBatch: 5000 })) {
    yield batch.filter((event) => event.position <= head);
    if (batch[batch.length - 1]!.position >= head) stop.abort();
  }
}

/** `value` with every string equal to an old user id replaced by its new id, at any depth. */
function remap(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => remap(item, ids));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, remap(child, ids)]));
}

/** `user-<old id>` → `user-<new id>`: a stream named after a user follows their new id. */
function remapStream(stream: string, ids: ReadonlyMap<string, string>): string {
  const dash = stream.indexOf('-');
  const renamed = dash < 0 ? undefined : ids.get(stream.slice(dash + 1));
  return renamed ? `${stream.slice(0, dash + 1)}${renamed}` : stream;
}

/** Source events copied per commit of the target (with the email reservations of the signups among them). */
const EVENTS_PER_COMMIT = 10_000;

/**
 * Copies a store of the previous form (plaintext profiles, ids the UUIDv5 of the email, unversioned
 * events) into `target`, an empty store seen through the app's codec: each user gets a random id
 * (every stream and every event naming the old id follow), their personal fields are sealed under a
 * new key, their email is reserved, and every event is upcast to its current version. Each event
 * keeps the time it was first recorded (metadata, read back as its createdAt) and its stream order.
 * The only way an append-only log changes shape: the source is read, never written.
 *
 * The copy is committed `eventsPerCommit` source events at a time (appendBatch: all or none, one fsync
 * each in the embedded store), not an append at a time: one fsync per append made the copy wait on the
 * disk (about 1 000 events/s, bench/RESULTS.md). That is safe because the target is new and nobody reads
 * or writes it yet: a crash loses at most the commit in flight and leaves whole commits, each signup
 * with its email reservation, and `npm run migrate` makes the copy the store of its directory only
 * once the last commit has returned (migrate.main.ts), so a copy cut short is never served and a
 * re-run refuses it. Keys are made (and stored durably) while a commit is encoded, before it is written.
 */
export async function migrateStore(
  source: EventStore,
  target: EventStore & BatchAppender,
  index: EmailIndex,
  { log = () => undefined, eventsPerCommit = EVENTS_PER_COMMIT }: { log?: (line: string) => void; eventsPerCommit?: number } = {},
): Promise<MigrationReport> {
  if ((await target.headPosition()) !== undefined) throw new Error('The target store is not empty: migrate into a new DATA_DIR');
  const started = process.hrtime.bigint();
  const ids = new Map<string, string>();
  for await (const batch of everyEvent(source)) {
    for (const event of batch) {
      if (sealedFieldsOf(event.metadata)) throw new Error(`Event ${event.position} is already encrypted: this store is in the new form`);
      if (event.type === 'UserSignedUp') ids.set((event.data as { userId: string }).userId, randomUUID());
    }
  }
  let events = 0;
  let pending: StreamAppend[] = [];
  let pendingEvents = 0;
  // One commit in flight while the next is read and made: it starts once the previous one has returned,
  // so the target only ever holds whole commits in order, and a failed one stops the copy at the next.
  let inFlight: Promise<void> = Promise.resolve();
  const commit = async () => {
    if (pending.length === 0) return;
    const [appends, count] = [pending, pendingEvents];
    [pending, pendingEvents] = [[], 0];
    await inFlight;
    inFlight = target.appendBatch(appends).then(() => {
      events += count;
      log(`${events} events copied`);
    });
    inFlight.catch(() => undefined); // rethrown by the next await of it, not reported as unhandled meanwhile
  };
  for await (const batch of everyEvent(source)) {
    // Consecutive events of one stream go in one append (the store's order within a stream is kept either way).
    for (let at = 0; at < batch.length;) {
      const stream = batch[at]!.streamId;
      const run: NewEvent[] = [];
      for (; at < batch.length && batch[at]!.streamId === stream; at++) run.push(copyOf(batch[at]!, ids));
      pending.push({ stream: remapStream(stream, ids), events: run, expectedRevision: 'any' });
      pendingEvents += run.length;
      for (const event of run) {
        if (event.type !== 'UserSignedUp') continue;
        const { userId, email } = event.data as { userId: string; email: string };
        const reservation = streams.emailReservation(index.keyOf(normaliseEmail(email)));
        pending.push({ stream: reservation, events: [{ type: 'EmailReserved', data: { userId } }], expectedRevision: 'any' });
      }
      if (pendingEvents >= eventsPerCommit) await commit();
    }
  }
  await commit();
  await inFlight;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { events, users: ids.size, seconds, eventsPerSecond: Math.round(events / seconds), ids };
}

function copyOf(event: StoredEvent, ids: ReadonlyMap<string, string>): NewEvent {
  const { [SCHEMA_VERSION_KEY]: _version, ...metadata } = event.metadata;
  const data = upcast(event.type, storedVersion(event.metadata), event);
  return { type: event.type, data: remap(data, ids), metadata: { ...metadata, [ORIGINAL_CREATED_AT]: event.createdAt } };
}
