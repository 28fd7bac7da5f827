import type { ActivityItem, ActivityType, Video } from './types';

// The user's actions in words: the activity timeline lists them, and an undo's toast names one.

/** A sentence as parts, so that the page can link the video while every title stays plain text. */
export type SentencePart = string | { video: Video | undefined } | { playlist: string | undefined };

export const GONE_VIDEO = 'a video that is no longer available';
export const SOME_PLAYLIST = 'a playlist';

const v = (item: ActivityItem): SentencePart => ({ video: item.video });
const p = (item: ActivityItem): SentencePart => ({ playlist: item.playlist?.title });

/**
 * Each kind of line in words: "Liked …", "Added … to …", "Cleared history". A mapped type over the
 * activity entry's type enum of the OpenAPI document (lib/types.ts): once `npm run api:generate` has
 * taken in a new backend event type, it does not compile until the type has its sentence here (and a
 * type the document no longer names is an unknown property).
 */
const SENTENCES: { [Type in ActivityType]: (item: ActivityItem) => SentencePart[] } = {
  UserSignedUp: () => ['Signed up'],
  VideoLiked: (item) => ['Liked ', v(item)],
  VideoUnliked: (item) => ['Removed ', v(item), ' from liked videos'],
  VideoAddedToWatchLater: (item) => ['Saved ', v(item), ' to watch later'],
  VideoRemovedFromWatchLater: (item) => ['Removed ', v(item), ' from watch later'],
  VideoWatched: (item) => ['Watched ', v(item)],
  VideoRemovedFromHistory: (item) => ['Removed ', v(item), ' from history'],
  HistoryCleared: () => ['Cleared history'],
  PlaylistCreated: (item) => ['Created playlist ', p(item)],
  PlaylistDeleted: (item) => ['Deleted playlist ', p(item)],
  VideoAddedToPlaylist: (item) => ['Added ', v(item), ' to ', p(item)],
  VideoRemovedFromPlaylist: (item) => ['Removed ', v(item), ' from ', p(item)],
  HistoryPaused: () => ['Paused history'],
  HistoryResumed: () => ['Resumed history'],
  HistoryRemovedBefore: () => ['Removed older videos from history'],
  HistoryRestored: () => ['Brought back removed history'],
  PlaylistDetailsChanged: (item) => ['Changed the name or description of ', p(item)],
  PlaylistReordered: (item) => (item.video ? ['Moved ', v(item), ' within ', p(item)] : ['Reordered ', p(item)]),
  PlaylistRestored: (item) => ['Brought back playlist ', p(item)],
  AccountDeleted: () => ['Deleted the account'],
  PlaylistVisibilityChanged: (item) => ['Changed who can see ', p(item)],
  ChannelSubscribed: () => ['Subscribed to a channel'],
  ChannelUnsubscribed: () => ['Unsubscribed from a channel'],
  PlaybackProgressRecorded: (item) => ['Stopped watching ', v(item), ' part-way'],
  PlaybackProgressCleared: (item) => ['Removed ', v(item), ' from Continue watching'],
  ProfileUpdated: () => ['Updated the profile'],
  PasswordChanged: () => ['Changed the password'],
  SessionsRevoked: () => ['Signed out everywhere else'],
  OperatorGranted: () => ['Became an operator'],
  OperatorRevoked: () => ['Stopped being an operator'],
  HistoryRetentionChanged: () => ['Changed history auto-delete'],
  HistoryEntriesExpired: () => ['Older videos were deleted from history automatically'],
  VideoPublished: (item) => ['Published ', v(item)],
  VideoEdited: (item) => ['Edited ', v(item)],
  VideoRetired: (item) => ['Retired ', v(item)],
  VideoRestored: (item) => ['Restored ', v(item)],
  CategoryCreated: () => ['Created a category'],
  CategoryRenamed: () => ['Renamed a category'],
  CategoryDescribed: () => ['Described a category'],
  CategoryRemoved: () => ['Removed a category'],
  VideoViewed: (item) => ['Viewed ', v(item)],
};

const isKnown = (type: string): type is ActivityType => Object.hasOwn(SENTENCES, type);

/** What the user did, in words. */
export function activitySentence(item: ActivityItem): SentencePart[] {
  // A kind of line this build does not know yet (a newer server): say something true.
  return isKnown(item.type) ? SENTENCES[item.type](item) : [`Did something (${String(item.type)})`];
}

/** The same sentence as plain text, for a toast: "Liked Best phones of 2026". */
export function plainSentence(item: ActivityItem): string {
  return activitySentence(item)
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('video' in part) return part.video?.title ?? GONE_VIDEO;
      return part.playlist ?? SOME_PLAYLIST;
    })
    .join('');
}
