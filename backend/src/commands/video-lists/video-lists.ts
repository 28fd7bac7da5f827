import { AppEventType, streams } from '../../events/app-events';
import { VideoListSpec, videoListDecider } from './video-list.decider';

const spec = <T extends VideoListSpec & { added: AppEventType; removed: AppEventType; cleared?: AppEventType }>(s: T) => s;

export const LIKES = spec({
  name: 'likes',
  added: 'VideoLiked',
  removed: 'VideoUnliked',
  duplicate: 'ALREADY_LIKED',
  stream: streams.likes,
});
export const WATCH_LATER = spec({
  name: 'watchlater',
  added: 'VideoAddedToWatchLater',
  removed: 'VideoRemovedFromWatchLater',
  duplicate: 'ALREADY_IN_WATCH_LATER',
  stream: streams.watchLater,
});
export const HISTORY = spec({
  name: 'history',
  added: 'VideoWatched',
  removed: 'VideoRemovedFromHistory',
  cleared: 'HistoryCleared',
  duplicate: 'ALREADY_IN_HISTORY',
  stream: streams.history,
});

export const likesDecider = videoListDecider(LIKES);
export const watchLaterDecider = videoListDecider(WATCH_LATER);
export const historyDecider = videoListDecider(HISTORY);
