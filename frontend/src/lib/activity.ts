import type { Video } from './types';

// The user's actions in words: the activity timeline lists them, and an undo's toast names one.

type ActivityType =
  | 'UserSignedUp'
  | 'VideoLiked'
  | 'VideoUnliked'
  | 'VideoAddedToWatchLater'
  | 'VideoRemovedFromWatchLater'
  | 'VideoWatched'
  | 'VideoRemovedFromHistory'
  | 'HistoryCleared'
  | 'PlaylistCreated'
  | 'PlaylistDeleted'
  | 'VideoAddedToPlaylist'
  | 'VideoRemovedFromPlaylist'
  | 'HistoryPaused'
  | 'HistoryResumed'
  | 'HistoryRemovedBefore'
  | 'HistoryRestored'
  | 'PlaylistDetailsChanged'
  | 'PlaylistReordered'
  | 'PlaylistRestored'
  | 'HistoryRetentionChanged'
  | 'HistoryEntriesExpired';

/** One line of GET /user/activity (backend: ActivityItem in queries/user-lists.reader.ts). */
export interface ActivityItem {
  position: string;
  type: ActivityType;
  at: string;
  /** Absent when the video is no longer in the catalogue. */
  video?: Video;
  playlist?: { _id: string; title?: string };
}

/** A sentence as parts, so that the page can link the video while every title stays plain text. */
export type SentencePart = string | { video: Video | undefined } | { playlist: string | undefined };

export const GONE_VIDEO = 'a video that is no longer available';
export const SOME_PLAYLIST = 'a playlist';

const v = (item: ActivityItem): SentencePart => ({ video: item.video });
const p = (item: ActivityItem): SentencePart => ({ playlist: item.playlist?.title });

/** What the user did, in words: "Liked …", "Added … to …", "Cleared history". */
export function activitySentence(item: ActivityItem): SentencePart[] {
  switch (item.type) {
    case 'UserSignedUp':
      return ['Signed up'];
    case 'VideoLiked':
      return ['Liked ', v(item)];
    case 'VideoUnliked':
      return ['Removed ', v(item), ' from liked videos'];
    case 'VideoAddedToWatchLater':
      return ['Saved ', v(item), ' to watch later'];
    case 'VideoRemovedFromWatchLater':
      return ['Removed ', v(item), ' from watch later'];
    case 'VideoWatched':
      return ['Watched ', v(item)];
    case 'VideoRemovedFromHistory':
      return ['Removed ', v(item), ' from history'];
    case 'HistoryCleared':
      return ['Cleared history'];
    case 'PlaylistCreated':
      return ['Created playlist ', p(item)];
    case 'PlaylistDeleted':
      return ['Deleted playlist ', p(item)];
    case 'VideoAddedToPlaylist':
      return ['Added ', v(item), ' to ', p(item)];
    case 'VideoRemovedFromPlaylist':
      return ['Removed ', v(item), ' from ', p(item)];
    case 'HistoryPaused':
      return ['Paused history'];
    case 'HistoryResumed':
      return ['Resumed history'];
    case 'HistoryRemovedBefore':
      return ['Removed older videos from history'];
    case 'HistoryRestored':
      return ['Brought back removed history'];
    case 'PlaylistDetailsChanged':
      return ['Changed the name or description of ', p(item)];
    case 'PlaylistReordered':
      return item.video ? ['Moved ', v(item), ' within ', p(item)] : ['Reordered ', p(item)];
    case 'PlaylistRestored':
      return ['Brought back playlist ', p(item)];
    case 'HistoryRetentionChanged':
      return ['Changed history auto-delete'];
    case 'HistoryEntriesExpired':
      return ['Older videos were deleted from history automatically'];
    default: {
      // A kind of event this build does not know yet (a newer server): say something true.
      const unknown: never = item.type;
      return [`Did something (${String(unknown)})`];
    }
  }
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
