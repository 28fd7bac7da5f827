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

/** History has rules of its own (pause, removal by date): see ../history/history.decider.ts. */
export const likesDecider = videoListDecider(LIKES);
export const watchLaterDecider = videoListDecider(WATCH_LATER);
