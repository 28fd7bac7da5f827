import type { StoredEvent } from '../events/event';
import { EventStore } from '../event-store/event-store.port';
import { streams } from '../events/app-events';
import { fold } from '../domain/decider';
import { emailReservation } from '../domain/email-reservation/email-reservation';
import { userAccount } from '../domain/user-account/user-account';
import type { EmailIndex } from '../personal-data/email-index';
import { userIdForEmail } from '../shared/user-id';
import { UNDOES, correlationOf } from '../tracing/correlation';

export interface UserAudit {
  readonly userId: string;
  /** The last position considered: the store's head when the audit started. */
  readonly head: bigint;
  /** Every event of the user's streams, in global position order. */
  readonly events: StoredEvent[];
  /** The account was deleted: its events are printed as `[erased]`, with their type and time only. */
  readonly erased: boolean;
}

const CATALOGUE_STREAM = /^(?:video|category)-/;
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whose history to print: a user id as it is (the only way to an erased account, whose email is
 * released), else the holder of the email's reservation, else (a store written before reservations)
 * the UUIDv5 of the email.
 */
async function userIdOf(store: EventStore, index: EmailIndex, who: string): Promise<string> {
  if (USER_ID.test(who.trim())) return who.trim().toLowerCase();
  const reservation = fold(emailReservation, {}, await store.readStream(streams.emailReservation(index.keyOf(who))));
  return reservation.holder ?? userIdForEmail(who);
}

/** Keys never printed, at any depth: the hash stays in the store. */
const SECRET_KEYS = new Set(['passwordHash', 'password']);

/**
 * One user's full history, from the event store (the source of truth, not the read model):
 * their user, likes, watch-later, history and views streams, every playlist stream they created, and an
 * operator's changes to the catalogue (events of video and category streams that name them).
 * Undefined when no user signed up with this email.
 *
 * Playlist streams are named by a random id, so finding a user's playlists without a read
 * model means scanning the whole log for the first events of playlist streams: O(all events), fine for
 * an operator's occasional look, not for a request path (the read model answers those).
 */
export async function auditUser(store: EventStore, index: EmailIndex, who: string): Promise<UserAudit | undefined> {
  const userId = await userIdOf(store, index, who);
  const head = await store.headPosition();
  const account = await store.readStream(streams.user(userId));
  if (head === undefined || account.length === 0) return undefined;
  const erased = fold(userAccount, userAccount.initialState(), account).erased === true;
  const owned = [streams.user(userId), streams.likes(userId), streams.watchLater(userId), streams.history(userId), streams.views(userId)];
  const scanned = await scanLog(store, userId, head);
  owned.push(...scanned.playlists);
  const events = [...(await Promise.all(owned.map((stream) => store.readStream(stream)))).flat(), ...scanned.catalogue]
    // Events appended while the audit ran are left for the next one: the report is "as of head".
    .filter((event) => event.position <= head)
    .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  return { userId, head, events, erased };
}

/** The user's playlist streams, and the catalogue events they made as an operator. */
async function scanLog(store: EventStore, userId: string, head: bigint): Promise<{ playlists: string[]; catalogue: StoredEvent[] }> {
  const found: string[] = [];
  const catalogue: StoredEvent[] = [];
  const stop = new AbortController();
  for await (const batch of store.subscribeToAll({ signal: stop.signal, maxBatch: 5000 })) {
    for (const event of batch) {
      // A playlist stream's first event (its creation) names its owner.
      const { data } = event;
      const owner = typeof data === 'object' && data !== null && 'userId' in data ? data.userId : undefined;
      const playlistId = typeof data === 'object' && data !== null && 'playlistId' in data ? data.playlistId : undefined;
      if (event.revision === 0 && owner === userId && typeof playlistId === 'string' && event.streamId === streams.playlist(playlistId)) {
        found.push(event.streamId);
      }
      if (owner === userId && CATALOGUE_STREAM.test(event.streamId)) catalogue.push(event);
    }
    if (batch[batch.length - 1]!.position >= head) stop.abort();
  }
  return { playlists: found, catalogue };
}

/**
 * `position  time  stream  type  {data}  correlationId=<id>  causedBy=<cause>`, with secrets removed from
 * the data, `[erased]` instead of the data of an erased account, `-` for what an event written before
 * correlation does not say, and `undoes=<event id>` after an undo's (docs/design/operating.md). The
 * metadata holds no personal data: it is printed for erased accounts too.
 */
export function auditLine(event: StoredEvent, erased = false): string {
  const { correlationId, causedBy } = correlationOf(event.metadata);
  const undoes = event.metadata[UNDOES];
  return [
    event.position.toString(),
    new Date(event.createdAt).toISOString(),
    event.streamId,
    event.type,
    erased ? '[erased]' : JSON.stringify(redact(event.data)),
    `correlationId=${correlationId ?? '-'}`,
    `causedBy=${causedBy ?? '-'}`,
    ...(typeof undoes === 'string' ? [`undoes=${undoes}`] : []),
  ].join('  ');
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, child]) => [key, redact(child)]),
  );
}
