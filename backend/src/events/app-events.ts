/**
 * Every event this product stores. Names are past tense and never renamed once stored
 * (ARCHITECTURE.md); new fields must be optional so that old events still read.
 * Both the command side and the projections import these types, never each other.
 */
export interface VideoRef {
  readonly userId: string;
  readonly videoId: string;
}

export interface PlaylistVideoRef extends VideoRef {
  readonly playlistId: string;
}

export interface UserSignedUpData {
  readonly userId: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly createdAt: string;
}

export interface PlaylistCreatedData {
  readonly playlistId: string;
  readonly userId: string;
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
}

type Ev<Type extends string, Data> = { readonly type: Type; readonly data: Data };

export type UserEvent = Ev<'UserSignedUp', UserSignedUpData>;
export type LikesEvent = Ev<'VideoLiked', VideoRef> | Ev<'VideoUnliked', VideoRef>;
export type WatchLaterEvent = Ev<'VideoAddedToWatchLater', VideoRef> | Ev<'VideoRemovedFromWatchLater', VideoRef>;
export type HistoryEvent =
  Ev<'VideoWatched', VideoRef> | Ev<'VideoRemovedFromHistory', VideoRef> | Ev<'HistoryCleared', { readonly userId: string }>;
export type PlaylistEvent =
  | Ev<'PlaylistCreated', PlaylistCreatedData>
  | Ev<'PlaylistDeleted', { readonly playlistId: string; readonly userId: string }>
  | Ev<'VideoAddedToPlaylist', PlaylistVideoRef>
  | Ev<'VideoRemovedFromPlaylist', PlaylistVideoRef>;

export type AppEvent = UserEvent | LikesEvent | WatchLaterEvent | HistoryEvent | PlaylistEvent;
export type AppEventType = AppEvent['type'];

/** Stream names: `category-id`, one stream per user list and per playlist. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  likes: (userId: string) => `likes-${userId}`,
  watchLater: (userId: string) => `watchlater-${userId}`,
  history: (userId: string) => `history-${userId}`,
  playlist: (playlistId: string) => `playlist-${playlistId}`,
} as const;
