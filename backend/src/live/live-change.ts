import type { StoredEvent } from '../events/event';

/** What a user's change changed: the answers a client refetches (docs/design/live-updates.md). */
type UserWhat = 'likes' | 'watchlater' | 'history' | 'playlist' | 'progress' | 'subscriptions' | 'settings' | 'account';
/**
 * What a catalogue change changed: one video, the categories, or — for several changes of one log batch, such
 * as an import — the catalogue (`catalogue`, one message for the whole batch; docs/design/live-updates.md).
 */
type CatalogueWhat = 'video' | 'categories' | 'catalogue';

/** One message of a changes stream: `position` is the event's global position (a decimal string). */
export interface LiveChange {
  readonly what: UserWhat | CatalogueWhat;
  readonly playlistId?: string;
  readonly videoId?: string;
  /** `catalogue` only: the videos that changed, when they are few (MAX_NAMED_VIDEOS); absent, any may have. */
  readonly videoIds?: readonly string[];
  /** `catalogue` only: whether a category changed too. */
  readonly categories?: boolean;
  /** `catalogue` only: how many changes the message stands for. */
  readonly count?: number;
  readonly type: string;
  readonly position: string;
}

/** The videos a coalesced catalogue message names at most; past it, it names none (read every catalogue answer again). */
export const MAX_NAMED_VIDEOS = 20;

/**
 * The catalogue's changes told together (one log batch, or those shown within the feed's window) as the one
 * message every catalogue stream gets: the change itself when there is one, else a `catalogue` message at the
 * last one's position (docs/design/live-updates.md). A bulk change (an import, a category renamed across many
 * videos) thus costs each stream a message now and then, never one per video.
 */
export function coalesced(changes: readonly LiveChange[]): LiveChange {
  if (changes.length === 1) return changes[0]!;
  const last = changes[changes.length - 1]!;
  const videoIds = new Set<string>();
  let categories = false;
  for (const change of changes) {
    // Past the bound no id is named: the rest need not be collected.
    if (change.videoId !== undefined && videoIds.size <= MAX_NAMED_VIDEOS) videoIds.add(change.videoId);
    if (change.what === 'categories') categories = true;
  }
  const type = changes.every((change) => change.type === last.type) ? last.type : 'CatalogueChanged';
  return {
    what: 'catalogue',
    ...(videoIds.size <= MAX_NAMED_VIDEOS && { videoIds: [...videoIds] }),
    ...(categories && { categories }),
    count: changes.length,
    type,
    position: last.position,
  };
}

/**
 * A change as it is written: its Server-Sent Events block made once for every stream it goes to, and its position
 * as a number the streams compare without parsing it again.
 */
export interface LiveMessage {
  readonly change: LiveChange;
  readonly position: bigint;
  readonly frame: string;
}

export function liveMessage(change: LiveChange): LiveMessage {
  return { change, position: BigInt(change.position), frame: `id: ${change.position}\nevent: change\ndata: ${JSON.stringify(change)}\n\n` };
}

/** A stored event as the live streams see it: whose change it is, and the message. */
type Audience = { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'catalogue' };
export interface RoutedChange {
  readonly audience: Audience;
  readonly change: LiveChange;
}

interface Row {
  readonly audience: Audience['kind'];
  readonly what: UserWhat | CatalogueWhat;
  /** Event types of the stream that change something else. */
  readonly byType?: Readonly<Record<string, UserWhat>>;
}

/**
 * The one table from a stream's category (events/app-events.ts `streams`) to what its events change.
 * Streams not listed are no change anyone sees: playlist slots and email reservations are rules only,
 * and views are counts, which are not pushed (docs/design/live-updates.md, "GET /api/catalogue/changes").
 */
const WHAT_BY_STREAM: Readonly<Record<string, Row>> = {
  likes: { audience: 'user', what: 'likes' },
  watchlater: { audience: 'user', what: 'watchlater' },
  // History's pause and auto-delete setting are the settings page's, not the list's.
  history: {
    audience: 'user',
    what: 'history',
    byType: { HistoryPaused: 'settings', HistoryResumed: 'settings', HistoryRetentionChanged: 'settings' },
  },
  playlist: { audience: 'user', what: 'playlist' },
  subscriptions: { audience: 'user', what: 'subscriptions' },
  progress: { audience: 'user', what: 'progress' },
  user: { audience: 'user', what: 'account' },
  video: { audience: 'catalogue', what: 'video' },
  category: { audience: 'catalogue', what: 'categories' },
};

/**
 * The events after which a stream's token may no longer be valid: the stream's token is checked again once
 * the read model shows them, and the stream ends if it is refused (docs/design/live-updates.md, "Ends").
 */
export const TOKEN_CHECK_TYPES: ReadonlySet<string> = new Set(['SessionsRevoked', 'PasswordChanged', 'AccountDeleted']);

const text = (data: unknown, field: string): string | undefined => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** The change a stored event is, and for whom; undefined when it is none (slots, reservations, views, unknown streams). */
export function changeOf(event: Pick<StoredEvent, 'streamId' | 'type' | 'data' | 'position'>): RoutedChange | undefined {
  const dash = event.streamId.indexOf('-');
  const row = dash > 0 ? WHAT_BY_STREAM[event.streamId.slice(0, dash)] : undefined;
  if (!row || !Object.hasOwn(WHAT_BY_STREAM, event.streamId.slice(0, dash))) return undefined;
  const what = row.byType?.[event.type] ?? row.what;
  const position = event.position.toString();
  if (row.audience === 'catalogue') {
    const videoId = what === 'video' ? text(event.data, 'videoId') : undefined;
    return { audience: { kind: 'catalogue' }, change: { what, ...(videoId !== undefined && { videoId }), type: event.type, position } };
  }
  const userId = text(event.data, 'userId');
  if (userId === undefined) return undefined;
  const playlistId = what === 'playlist' ? text(event.data, 'playlistId') : undefined;
  return {
    audience: { kind: 'user', userId },
    change: { what, ...(playlistId !== undefined && { playlistId }), type: event.type, position },
  };
}
