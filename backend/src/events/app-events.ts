import type { NewEvent } from './event';

/**
 * Every event this product stores. Names are past tense and never renamed once stored
 * (CONTRIBUTING.md, "Naming"); new fields must be optional so that old events still read.
 * Both the command side and the projections import these types, never each other.
 */
interface VideoRef {
  readonly userId: string;
  readonly videoId: string;
}

/**
 * Optional fields an undo (docs/design/library-controls.md) adds to list events.
 * `order`: the sort key the entry had before it was removed (a decimal bigint); projections sort by
 * `order ?? position`, so an undone removal puts the entry back in its place. `undoes`: the global
 * position (decimal) of the event this one reverts; the undo stack skips both.
 */
interface Compensation {
  readonly order?: string;
  readonly undoes?: string;
}

export type ListVideoRef = VideoRef & Compensation;

/**
 * VideoWatched, schema version 2: `watchedAt` is always there. Version 1 (before time-travel and undo) lacked it
 * on older events; those are read as version 2 with their createdAt as the watch time, by the
 * upcaster in events/event-versions.ts, so no reader has to know.
 */
interface VideoWatchedData extends ListVideoRef {
  /** When it was watched (ISO). */
  readonly watchedAt: string;
}

export interface HistoryEntryData {
  readonly videoId: string;
  readonly watchedAt: string;
  /** Decimal bigint sort key. */
  readonly order: string;
}

interface PlaylistVideoRef extends VideoRef {
  readonly playlistId: string;
}

export interface UserSignedUpData {
  readonly userId: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Optional profile fields of the template's clients, added later: older events have neither. */
  readonly name?: string;
  readonly username?: string;
  readonly createdAt: string;
  /**
   * Never stored: set by the reader when this person's data key was destroyed (an erased account),
   * the personal fields above then being absent (personal-data/personal-data.codec.ts).
   */
  readonly erased?: true;
}

export interface PlaylistCreatedData {
  readonly playlistId: string;
  readonly userId: string;
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
}

/** Erasure (SECURITY.md §10): the account is deleted; its personal data key is destroyed with it. Nothing personal is stored. */
export type UserEvent = NewEvent<'UserSignedUp', UserSignedUpData> | AccountEvent | NewEvent<'AccountDeleted', { readonly userId: string }>;
type LikesEvent = NewEvent<'VideoLiked', ListVideoRef> | NewEvent<'VideoUnliked', ListVideoRef>;
type WatchLaterEvent = NewEvent<'VideoAddedToWatchLater', ListVideoRef> | NewEvent<'VideoRemovedFromWatchLater', ListVideoRef>;
export type HistoryEvent =
  | NewEvent<'VideoWatched', VideoWatchedData>
  | NewEvent<'VideoRemovedFromHistory', ListVideoRef>
  | NewEvent<'HistoryCleared', { readonly userId: string }>
  | NewEvent<'HistoryPaused', { readonly userId: string }>
  | NewEvent<'HistoryResumed', { readonly userId: string }>
  /** `videoIds`: the entries watched before `before`, decided when the command ran. */
  | NewEvent<'HistoryRemovedBefore', { readonly userId: string; readonly before: string; readonly videoIds: readonly string[] }>
  /** Undo of a clear or a removal by date: every removed entry, with its time and place. */
  | NewEvent<'HistoryRestored', { readonly userId: string; readonly entries: readonly HistoryEntryData[]; readonly undoes: string }>
  /** The auto-delete setting: the resulting value, which the projection assigns. */
  | NewEvent<'HistoryRetentionChanged', { readonly userId: string; readonly retention: HistoryRetention }>
  /**
   * Auto-delete removed the entries watched before `before` (the decision's clock minus `retention`).
   * The ids are listed, as HistoryRemovedBefore lists them: the read model keeps no watch times, and a
   * replay then removes exactly these whatever its own clock (lists/history-retention.ts says more).
   */
  | NewEvent<
      'HistoryEntriesExpired',
      {
        readonly userId: string;
        readonly before: string;
        readonly retention: Exclude<HistoryRetention, 'off'>;
        readonly videoIds: readonly string[];
      }
    >;

/**
 * History auto-delete, like YouTube's: entries older than this many months are removed;
 * `off` keeps them all (the default).
 */
export type HistoryRetention = 'off' | 3 | 18 | 36;
export const HISTORY_RETENTIONS: readonly HistoryRetention[] = ['off', 3, 18, 36];

interface PlaylistDetailsChangedData {
  readonly playlistId: string;
  readonly userId: string;
  /** The resulting title and description, not a diff: the projection assigns them. */
  readonly title: string;
  readonly description?: string;
  readonly undoes?: string;
}

export interface PlaylistReorderedData {
  readonly playlistId: string;
  readonly userId: string;
  /** What the user asked for. */
  readonly videoId: string;
  readonly toIndex: number;
  /** The resulting order, complete. */
  readonly videoIds: readonly string[];
  /** Only on an undo: the exact previous sort keys (decimal bigints), one per videoIds entry; else keys are 0…n-1. */
  readonly orders?: readonly string[];
  readonly undoes?: string;
}

/** Who may read a playlist without being its owner. Absent on older events: private. */
export type PlaylistVisibility = 'private' | 'unlisted' | 'public';
export const PLAYLIST_VISIBILITIES: readonly PlaylistVisibility[] = ['private', 'unlisted', 'public'];

export interface PlaylistRestoredData extends PlaylistCreatedData {
  /** The visibility it had when deleted (added with sharing; absent: private). */
  readonly visibility?: PlaylistVisibility;
  /** Sort key of the playlist among the user's playlists (decimal bigint). */
  readonly order: string;
  readonly videos: readonly { readonly videoId: string; readonly order: string }[];
  readonly undoes: string;
}

export type PlaylistEvent =
  | NewEvent<'PlaylistCreated', PlaylistCreatedData>
  | NewEvent<'PlaylistDeleted', { readonly playlistId: string; readonly userId: string; readonly undoes?: string }>
  | NewEvent<'VideoAddedToPlaylist', PlaylistVideoRef & Compensation>
  | NewEvent<'VideoRemovedFromPlaylist', PlaylistVideoRef & Compensation>
  | NewEvent<'PlaylistDetailsChanged', PlaylistDetailsChangedData>
  | NewEvent<'PlaylistReordered', PlaylistReorderedData>
  | NewEvent<'PlaylistRestored', PlaylistRestoredData>
  /** The resulting visibility (an assignment); `undoes` on an undo. */
  | NewEvent<
      'PlaylistVisibilityChanged',
      { readonly playlistId: string; readonly userId: string; readonly visibility: PlaylistVisibility; readonly undoes?: string }
    >;

interface ChannelRef {
  readonly userId: string;
  /** A channel's slug id (catalogue/channels.ts). */
  readonly channelId: string;
}

/** Subscriptions: a set of channels, with undo's `order`/`undoes` like the video lists. */
export type SubscriptionEvent =
  NewEvent<'ChannelSubscribed', ChannelRef & Compensation> | NewEvent<'ChannelUnsubscribed', ChannelRef & Compensation>;

/**
 * Where the user stopped watching a video. `seconds` is the position stored, not every
 * report: the progress decider records a report only when it moved far enough (progress.list.ts).
 */
export type ProgressEvent =
  | NewEvent<
      'PlaybackProgressRecorded',
      { readonly userId: string; readonly videoId: string; readonly seconds: number; readonly at: string }
    >
  /** `removed`: the user removed it (Home's "Remove from Continue watching"); absent: watched to its end. */
  | NewEvent<'PlaybackProgressCleared', { readonly userId: string; readonly videoId: string; readonly removed?: true }>;

/**
 * Account changes. Personal fields are named as in UserSignedUp (`firstName`,
 * `lastName`, `passwordHash`) so that the encryption of personal data covers them by name.
 * `sessionGeneration`: the resulting count of "sign out everywhere" moments (a password change is
 * one); a token carrying a lower one is refused.
 */
type AccountEvent =
  /** `erased`: never stored, set by the reader when the person's key is gone (their names then absent). */
  | NewEvent<
      'ProfileUpdated',
      { readonly userId: string; readonly firstName: string; readonly lastName: string; readonly updatedAt: string; readonly erased?: true }
    >
  | NewEvent<
      'PasswordChanged',
      {
        readonly userId: string;
        readonly passwordHash: string;
        readonly sessionGeneration: number;
        readonly at: string;
        readonly erased?: true;
      }
    >
  | NewEvent<'SessionsRevoked', { readonly userId: string; readonly sessionGeneration: number; readonly at: string }>
  /**
   * The operator role (docs/design/catalogue.md, "Operators"): `by` is the operator who made the change
   * (their user id), or "cli" for `npm run operator -- grant|revoke <email>`.
   */
  | NewEvent<'OperatorGranted', { readonly userId: string; readonly by: string }>
  | NewEvent<'OperatorRevoked', { readonly userId: string; readonly by: string }>;

/** A catalogue video's editable fields (docs/design/catalogue.md): a video names its category by id. */
export interface VideoFields {
  readonly title: string;
  readonly description: string;
  readonly channel: string;
  readonly categoryId: string;
  /** "m:ss" or "h:mm:ss". */
  readonly duration: string;
  readonly thumbnail: string;
}

/**
 * The catalogue's videos, one stream each (`video-<videoId>`). `userId`: the operator who made the
 * change (CATALOGUE_SEED for the videos the product ships with). `baseLikes`/`baseViews`: the figures
 * a seed video was published with, which its display strings add to the counts from the log.
 */
export type CatalogueVideoEvent =
  | NewEvent<
      'VideoPublished',
      VideoFields & {
        readonly userId: string;
        readonly videoId: string;
        readonly publishedAt: string;
        readonly baseLikes?: number;
        readonly baseViews?: number;
      }
    >
  /** The resulting values of the fields it changed. */
  | NewEvent<'VideoEdited', Partial<VideoFields> & { readonly userId: string; readonly videoId: string }>
  | NewEvent<'VideoRetired', { readonly userId: string; readonly videoId: string }>
  | NewEvent<'VideoRestored', { readonly userId: string; readonly videoId: string }>;

/** A category's names: `name` is what videos show as their `category`, `slug` what URLs and filters use. */
export interface CategoryNames {
  readonly name: string;
  readonly slug: string;
  readonly title: string;
}

/** The catalogue's categories, one stream each (`category-<categoryId>`); `userId` as for videos. */
export type CategoryEvent =
  | NewEvent<'CategoryCreated', CategoryNames & { readonly userId: string; readonly categoryId: string; readonly description?: string }>
  | NewEvent<'CategoryRenamed', CategoryNames & { readonly userId: string; readonly categoryId: string }>
  | NewEvent<'CategoryDescribed', { readonly userId: string; readonly categoryId: string; readonly description: string }>
  | NewEvent<'CategoryRemoved', { readonly userId: string; readonly categoryId: string }>;

/**
 * A view, counted once per viewer per video per hour (`views-<viewerId>`). `userId`: the viewer — a
 * signed-in user's id, or the random id a guest's browser keeps for its session. `hour`: the hour it
 * counts in (ISO, truncated), which the decider keys its once-per-hour rule on.
 */
export type ViewEvent = NewEvent<
  'VideoViewed',
  { readonly userId: string; readonly videoId: string; readonly at: string; readonly hour: string }
>;

/** The `userId` of the events that put the shipped catalogue in the store: no person, no timeline. */
export const CATALOGUE_SEED = 'catalogue-seed';

export type AppEvent =
  | UserEvent
  | LikesEvent
  | WatchLaterEvent
  | HistoryEvent
  | PlaylistEvent
  | SubscriptionEvent
  | ProgressEvent
  | CatalogueVideoEvent
  | CategoryEvent
  | ViewEvent;
export type AppEventType = AppEvent['type'];

/** Every event type, for documents that enumerate them (the OpenAPI activity schema). */
export const APP_EVENT_TYPES = [
  'UserSignedUp',
  'VideoLiked',
  'VideoUnliked',
  'VideoAddedToWatchLater',
  'VideoRemovedFromWatchLater',
  'VideoWatched',
  'VideoRemovedFromHistory',
  'HistoryCleared',
  'PlaylistCreated',
  'PlaylistDeleted',
  'VideoAddedToPlaylist',
  'VideoRemovedFromPlaylist',
  'HistoryPaused',
  'HistoryResumed',
  'HistoryRemovedBefore',
  'HistoryRestored',
  'PlaylistDetailsChanged',
  'PlaylistReordered',
  'PlaylistRestored',
  'AccountDeleted',
  'PlaylistVisibilityChanged',
  'ChannelSubscribed',
  'ChannelUnsubscribed',
  'PlaybackProgressRecorded',
  'PlaybackProgressCleared',
  'ProfileUpdated',
  'PasswordChanged',
  'SessionsRevoked',
  'OperatorGranted',
  'OperatorRevoked',
  'HistoryRetentionChanged',
  'HistoryEntriesExpired',
  'VideoPublished',
  'VideoEdited',
  'VideoRetired',
  'VideoRestored',
  'CategoryCreated',
  'CategoryRenamed',
  'CategoryDescribed',
  'CategoryRemoved',
  'VideoViewed',
] as const satisfies readonly AppEventType[];

// Fails to compile when an event type is added to AppEvent but not to the list above.
type Unlisted = Exclude<AppEventType, (typeof APP_EVENT_TYPES)[number]>;
const everyTypeListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyTypeListed;

/** Stream names: `category-id`, one stream per user list and per playlist. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  likes: (userId: string) => `likes-${userId}`,
  watchLater: (userId: string) => `watchlater-${userId}`,
  history: (userId: string) => `history-${userId}`,
  playlist: (playlistId: string) => `playlist-${playlistId}`,
  /** An email's reservation, named by the email's keyed hash (personal-data/email-index.ts), never by the email. */
  emailReservation: (emailKey: string) => `emailres-${emailKey}`,
  subscriptions: (userId: string) => `subscriptions-${userId}`,
  progress: (userId: string) => `progress-${userId}`,
  /** The user's claims of playlist slots: every write that makes one of their playlists active claims one here first. */
  playlistSlots: (userId: string) => `playlistslots-${userId}`,
  video: (videoId: string) => `video-${videoId}`,
  category: (categoryId: string) => `category-${categoryId}`,
  /** A viewer's views: a signed-in user's id or a guest's session id. */
  views: (viewerId: string) => `views-${viewerId}`,
} as const;

/**
 * The email reservation stream's events: who holds the email now. Not an AppEvent: no list, no
 * projection and no timeline line; signup, login and erasure read the stream itself.
 */
export type EmailReservationEvent =
  NewEvent<'EmailReserved', { readonly userId: string }> | NewEvent<'EmailReleased', { readonly userId: string }>;

/**
 * The playlist slots stream's events: the playlists a write is about to make active (created,
 * imported or restored), each with the revision of its stream the write appends after (-1: a new
 * stream). Appended with the revision the user's playlist cap was decided on, so that two writers
 * anywhere cannot both take the last slot (lists/playlist-slots.ts). Not an AppEvent: no list, no
 * projection and no timeline line; the write side reads the stream itself.
 */
export type PlaylistSlotsEvent = NewEvent<
  'PlaylistSlotsClaimed',
  { readonly userId: string; readonly playlists: readonly { readonly playlistId: string; readonly after: number }[] }
>;

/**
 * An undo whose compensation changed nothing (docs/design/library-controls.md, "Undo"): what it would have
 * put back was retired since (`skipped`), or what it would have taken out is no longer there. Appended to
 * the reverted event's stream with `undoes`, so that the undo stack moves past that action like any other
 * undone one. Not an AppEvent: no list, no read-model change and no timeline line.
 */
export type UndoChangedNothingEvent = NewEvent<
  'UndoChangedNothing',
  { readonly userId: string; readonly undoes: string; readonly skipped: readonly string[] }
>;

/** The streams that hold a user's library, given the ids of every playlist they ever created. */
export const libraryStreams = (userId: string, playlistIds: readonly string[]): string[] => [
  streams.likes(userId),
  streams.watchLater(userId),
  streams.history(userId),
  streams.subscriptions(userId),
  ...playlistIds.map(streams.playlist),
];
