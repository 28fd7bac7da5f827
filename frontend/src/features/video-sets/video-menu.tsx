import type { ReactNode } from 'react';
import { ActionMenu, type MenuAction } from '@/components/action-menu';
import type { Video } from '@/lib/types';
import { usePendingVideoSetAdd, useVideoSetToggle } from './use-video-set';
import { likes, watchLater } from './video-sets-api';

interface Props {
  video: Video;
  onAddToPlaylist: (video: Video) => void;
}

/**
 * The card menu: Like and WatchLater here; adding to a playlist is the caller's (another feature's) to open.
 * Its items read the user's lists only while it is open: a page of cards subscribes to them once, with
 * `<VideoSetMenus />`, instead of six hooks per card.
 */
export function VideoMenu({ video, onAddToPlaylist }: Props) {
  return (
    <ActionMenu
      label={`More actions for ${video.title}`}
      actionsWhenOpen={(list) => <VideoMenuItems video={video} onAddToPlaylist={onAddToPlaylist} list={list} />}
    />
  );
}

function VideoMenuItems({ video, onAddToPlaylist, list }: Props & { list: (actions: MenuAction[]) => ReactNode }) {
  const like = useVideoSetToggle(likes, video);
  const later = useVideoSetToggle(watchLater, video);
  return list([
    { label: like.isIn ? 'Remove Like' : 'Add to Like', onSelect: like.toggle },
    { label: later.isIn ? 'Remove WatchLater' : 'WatchLater', onSelect: later.toggle },
    { label: 'Add to playlist', onSelect: () => onAddToPlaylist(video) },
  ]);
}

/**
 * What a page of cards with `VideoMenu`s needs once, rather than in each card: the likes and the watch-later list
 * read, and a guest's pending add done. A component of its own, rendering nothing, so that the lists' answers render
 * it alone rather than the page and its cards (README, "Speed on a phone").
 */
export function VideoSetMenus(): null {
  usePendingVideoSetAdd(likes);
  usePendingVideoSetAdd(watchLater);
  return null;
}
