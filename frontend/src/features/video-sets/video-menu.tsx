import { ActionMenu } from '@/components/action-menu';
import type { Video } from '@/lib/types';
import { useVideoSetToggle } from './use-video-set';
import { likes, watchLater } from './video-sets-api';

/** The card menu: Like and WatchLater here; adding to a playlist is the caller's (another feature's) to open. */
export function VideoMenu({ video, onAddToPlaylist }: { video: Video; onAddToPlaylist: (video: Video) => void }) {
  const like = useVideoSetToggle(likes, video);
  const later = useVideoSetToggle(watchLater, video);
  return (
    <ActionMenu
      label={`More actions for ${video.title}`}
      actions={[
        { label: like.isIn ? 'Remove Like' : 'Add to Like', onSelect: like.toggle },
        { label: later.isIn ? 'Remove WatchLater' : 'WatchLater', onSelect: later.toggle },
        { label: 'Add to playlist', onSelect: () => onAddToPlaylist(video) },
      ]}
    />
  );
}
