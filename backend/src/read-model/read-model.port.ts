import type { AppEventType, HistoryRetention, PlaylistVisibility } from '../events/app-events';

/**
 * The read model port: per-user lists built by projections, served by the GET endpoints.
 *
 * Projections turn events into ReadModelChange values; an adapter applies a batch of them
 * together with the new checkpoint atomically, so a crash never leaves changes applied
 * without the checkpoint that covers them (or the reverse).
 *
 * Every change is an assignment to one element ("v is in likes at position p", "v is not
 * in likes"), never an increment, so replaying any suffix of already-applied events in
 * order leaves the model as it was: projections are idempotent by construction.
 */
export type ListName = 'likes' | 'watchlater' | 'history' | 'subscriptions';
/** `subscriptions` holds channel ids where the others hold video ids: both adapters store any member alike. */
export const LIST_NAMES: readonly ListName[] = ['likes', 'watchlater', 'history', 'subscriptions'];

export interface UserProfile {
  readonly _id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Present only when the user signed up with it. */
  readonly name?: string;
  readonly username?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * How many times the user signed out everywhere (a password change is one); absent = 0. A token
   * issued under a lower number is refused (auth guard). Never sent to clients.
   */
  readonly sessionGeneration?: number;
  /** Present while the user is an operator (docs/design/catalogue.md, "Operators"): the auth guard reads it per request. */
  readonly operator?: true;
}

export interface PlaylistMeta {
  readonly _id: string;
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
  /** Absent: private (the default). Unlisted and public playlists are readable by anyone with the link. */
  readonly visibility?: Exclude<PlaylistVisibility, 'private'>;
}

/** An unlisted or public playlist, as anyone may read it: whose it is, for the owner's first name. */
export interface SharedPlaylist {
  readonly ownerId: string;
  readonly playlist: PlaylistView;
  /**
   * A public playlist's place in the public listing (which it orders and pages): the position of the event
   * that made it what it is now. Absent for an unlisted one, which is in no listing.
   */
  readonly position?: bigint;
}

/** Where a user stopped watching one video. */
export interface ProgressEntry {
  readonly videoId: string;
  readonly seconds: number;
  /** When it was recorded (the event's `at`). */
  readonly updatedAt: string;
  /** The recording event's position: most recent first. */
  readonly position: bigint;
}

/** What a user chose for their library. Absent settings read as the defaults. */
export interface UserSettings {
  /** While true, watching records nothing in the history. */
  readonly historyPaused: boolean;
  /** History auto-delete: entries older than this many months are removed; 'off' keeps them. */
  readonly historyRetention: HistoryRetention;
}

export const DEFAULT_SETTINGS: UserSettings = { historyPaused: false, historyRetention: 'off' };

/** The part of a playlist's meta its owner can change after creation; the image stays as created. */
export type PlaylistDetails = Pick<PlaylistMeta, '_id' | 'title' | 'description'>;

export interface PlaylistView extends PlaylistMeta {
  /** Video ids by sort key: oldest addition first, unless the owner reordered them. */
  readonly videoIds: string[];
}

/** One line of a user's activity timeline: what they did, when, and what it concerned. */
export interface ActivityEntry {
  /** The event's global position: keys the entry (re-recording it replaces it), orders and pages the timeline. */
  readonly position: bigint;
  readonly type: AppEventType;
  /** When the store recorded the event (its createdAt). */
  readonly at: string;
  readonly videoId?: string;
  readonly playlistId?: string;
  /** A subscription's channel. */
  readonly channelId?: string;
  /**
   * Recorded when the playlist is created. The model remembers it per playlist id, and deleting the
   * playlist does not forget it, so that every later entry naming the playlist (added to,
   * deleted…) is read back with its title, whatever batch or replay recorded it.
   */
  readonly playlistTitle?: string;
  /** The request (or tool run) whose command appended the event, and that command's name (docs/design/operating.md); absent on entries recorded before. */
  readonly correlationId?: string;
  readonly causedBy?: string;
}

export interface ActivityQuery {
  /** At most this many entries (a positive integer). */
  readonly limit: number;
  /** Only entries older than this position: the previous page's last position. */
  readonly before?: bigint;
}

/** A page of the timeline read forwards (the export streams it oldest first, a page at a time). */
export interface TimelineQuery {
  /** At most this many entries (a positive integer). */
  readonly limit: number;
  /** Only entries newer than this position: the previous page's last position. */
  readonly after?: bigint;
}

export type ReadModelChange =
  | { readonly op: 'putUser'; readonly user: UserProfile }
  | { readonly op: 'addToList'; readonly userId: string; readonly list: ListName; readonly videoId: string; readonly position: bigint }
  | { readonly op: 'removeFromList'; readonly userId: string; readonly list: ListName; readonly videoId: string }
  | { readonly op: 'clearList'; readonly userId: string; readonly list: ListName }
  | { readonly op: 'putPlaylist'; readonly userId: string; readonly playlist: PlaylistMeta; readonly position: bigint }
  | { readonly op: 'deletePlaylist'; readonly userId: string; readonly playlistId: string }
  | {
      readonly op: 'addToPlaylist';
      readonly userId: string;
      readonly playlistId: string;
      readonly videoId: string;
      readonly position: bigint;
    }
  | { readonly op: 'removeFromPlaylist'; readonly userId: string; readonly playlistId: string; readonly videoId: string }
  /** Assigns the settings given; those absent stay as they are (each event names only the one it changes). */
  | { readonly op: 'putSettings'; readonly userId: string; readonly settings: Partial<UserSettings> }
  /**
   * Assigns the title and description (absent = none) of an existing playlist; its image, place
   * and videos stay. A playlist that does not exist is left absent.
   */
  | { readonly op: 'updatePlaylistMeta'; readonly userId: string; readonly playlist: PlaylistDetails }
  /** Replaces the playlist's videos and their sort keys with exactly these. */
  | {
      readonly op: 'setPlaylistOrder';
      readonly userId: string;
      readonly playlistId: string;
      readonly entries: readonly { readonly videoId: string; readonly order: bigint }[];
    }
  | { readonly op: 'recordActivity'; readonly userId: string; readonly entry: ActivityEntry }
  /**
   * Erasure: nothing of this user is left — profile, lists, settings, playlists, timeline. Applied after
   * every other change of its batch (its own timeline line included), so re-applying it changes nothing.
   */
  | { readonly op: 'eraseUser'; readonly userId: string }
  /**
   * Assigns the visibility of an existing playlist, and its place in the shared index (unlisted and
   * public: readable by id) and the public listing (public only, ordered by `position`).
   */
  | {
      readonly op: 'setPlaylistVisibility';
      readonly userId: string;
      readonly playlistId: string;
      readonly visibility: PlaylistVisibility;
      readonly position: bigint;
    }
  /** Assigns some fields of an existing profile; a missing profile stays missing. */
  | { readonly op: 'updateUser'; readonly userId: string; readonly fields: ProfileChange }
  /** "The user stopped `videoId` at `seconds`": replaces any earlier progress of that video. */
  | { readonly op: 'putProgress'; readonly userId: string; readonly entry: ProgressEntry }
  | { readonly op: 'removeProgress'; readonly userId: string; readonly videoId: string };

/** The profile fields an account change assigns; `operator: false` takes the role away. */
export type ProfileChange = Partial<Pick<UserProfile, 'firstName' | 'lastName' | 'updatedAt' | 'sessionGeneration'>> & {
  readonly operator?: boolean;
};

export interface ApplyOptions {
  /**
   * The checkpoint this batch follows (undefined: nothing applied yet). When the stored one
   * differs, another projector got there first: nothing is applied and CheckpointMovedError is
   * thrown. This fences a projector that lost its lease but does not know it yet.
   */
  readonly expected: bigint | undefined;
  /**
   * The projection partition (0 … PROJECTION_PARTITIONS - 1) whose batch this is: its own checkpoint is
   * fenced and moved. Absent: every partition's (a model with one partition has only one).
   */
  readonly partition?: number;
}

/** The changes one event makes, at the event's position: a partitioned model skips events it already applied. */
export interface EventChanges {
  readonly position: bigint;
  readonly changes: readonly ReadModelChange[];
}

/**
 * The port in parts, one per concern, so that each reads on its own; `ReadModel` is all of them,
 * what an adapter implements and what the app injects (READ_MODEL).
 */

/** What the projector writes through: batches of changes, each with the checkpoint that covers it. */
export interface ProjectionTarget {
  /** Applies every change and sets the checkpoint, all or nothing. */
  apply(changes: readonly ReadModelChange[], checkpoint: bigint, options?: ApplyOptions): Promise<void>;
  /**
   * The same for a batch of events, each with its changes. An adapter sharded by slot (Redis Cluster, or
   * several partitions) applies it per slot, skipping in each slot the events it already holds, so
   * that a batch retried with other bounds never applies an event twice or out of order. Events of
   * different users may come out of global order (each partition at its own pace): every one lands,
   * the cross-user indexes (sharedPlaylist, publicPlaylists) included.
   */
  applyEvents(events: readonly EventChanges[], checkpoint: bigint, options?: ApplyOptions): Promise<void>;
  /**
   * Position up to which every event was applied (of one partition when given; of all otherwise), or
   * undefined when nothing was applied yet.
   */
  checkpoint(partition?: number): Promise<bigint | undefined>;
  /** A shared read model may be switched to a rebuilt namespace: look again on the next call. */
  refreshNamespace?(): void;
  /** The id of the event store this model was built from (EventStore.storeId), if one was recorded. */
  followedStoreId(): Promise<string | undefined>;
  /** Records the store this model is built from; an id already recorded stays (the first one wins). */
  recordStoreId(storeId: string): Promise<void>;
  /**
   * Starts over, empty, with no checkpoint: a shared model switches every reader to a fresh namespace,
   * unless the active one is no longer `seen` (another instance switched first): then it answers false
   * and changes nothing. The old namespace is left as it was.
   */
  startAfresh(): Promise<{ switched: boolean; from: string; to: string }>;
  close(): Promise<void>;
}

/** Who a user is (sign-in and the auth guard read it). */
export interface ProfilesReadModel {
  user(userId: string): Promise<UserProfile | undefined>;
  /** Every operator's profile, in no particular order (an index kept by the projection, not a scan of every user). */
  operators(): Promise<UserProfile[]>;
}

/** The per-user video lists (likes, watch later, history) and the settings that govern them. */
export interface ListsReadModel {
  /** Video ids by sort key (the adding event's position, or the `order` an undo restored): oldest first. */
  list(userId: string, list: ListName): Promise<string[]>;
  /** The user's settings; the defaults when they never changed any. */
  settings(userId: string): Promise<UserSettings>;
  /**
   * The users whose history auto-delete is on, a page at a time (the daily sweep): pass the previous
   * page's `next` as `cursor` (undefined to start); `next` is undefined after the last page. A page may
   * hold fewer than `count`, even none, before the end; a user whose setting changes during the walk
   * may be missed or named twice (the sweep is idempotent, and runs again the next day).
   */
  usersWithHistoryRetention(cursor: string | undefined, count: number): Promise<{ userIds: string[]; next?: string }>;
}

export interface PlaylistsReadModel {
  /** The user's playlists, oldest created first. */
  playlists(userId: string): Promise<PlaylistView[]>;
  /** One playlist of this user; another user's playlist is undefined. */
  playlist(userId: string, playlistId: string): Promise<PlaylistView | undefined>;
  /**
   * Every playlist id the user ever created, deleted ones included, sorted: their streams hold
   * the user's playlist events (undo, time-travel and export read them back).
   */
  playlistIdsEver(userId: string): Promise<string[]>;
  /** An unlisted or public playlist of anyone, by id; a private or unknown one is undefined. */
  sharedPlaylist(playlistId: string): Promise<SharedPlaylist | undefined>;
  /** Public playlists, the most recently made public first, only those older than `before`. */
  publicPlaylists(query: { readonly limit: number; readonly before?: bigint }): Promise<SharedPlaylist[]>;
}

interface ProgressReadModel {
  /** The user's progress, most recently recorded first. */
  progress(userId: string): Promise<ProgressEntry[]>;
}

export interface ActivityReadModel {
  /** The user's activity, newest first, with playlist titles filled in. */
  activity(userId: string, query: ActivityQuery): Promise<ActivityEntry[]>;
  /** The same entries, oldest first. */
  timeline(userId: string, query: TimelineQuery): Promise<ActivityEntry[]>;
}

export interface ReadModel
  extends ProjectionTarget, ProfilesReadModel, ListsReadModel, PlaylistsReadModel, ActivityReadModel, ProgressReadModel {}

export const READ_MODEL = Symbol('READ_MODEL');

/** The read model cannot be reached (Redis down or restarting): callers answer 503. */
export class ReadModelUnavailableError extends Error {
  readonly code = 'READ_MODEL_UNAVAILABLE';
  constructor(options?: { cause?: unknown }) {
    super('The read model cannot be reached', options);
  }
}

export class CheckpointMovedError extends Error {
  readonly code = 'CHECKPOINT_MOVED';
  constructor(
    readonly expected: bigint | undefined,
    readonly actual: bigint | undefined,
  ) {
    super(`Read model checkpoint is ${String(actual)}, expected ${String(expected)}: another projector is applying`);
  }
}
