import type { Video } from '@/app/types';
import { ActionMenu } from '@/components/action-menu';
import { useLikeToggle } from '@/features/likes/use-like-toggle';
import { useWatchLaterToggle } from '@/features/watch-later/use-watch-later-toggle';

/** The card menu of SPEC §2; it joins three features, so it is composed here rather than in one. */
export function VideoMenu({ video, onAddToPlaylist }: { video: Video; onAddToPlaylist: (video: Video) => void }) {
  const like = useLikeToggle(video);
  const watchLater = useWatchLaterToggle(video);
  return (
    <ActionMenu
      label={`More actions for ${video.title}`}
      actions={[
        { label: like.isLiked ? 'Remove Like' : 'Add to Like', onSelect: like.toggle },
        { label: watchLater.isSaved ? 'Remove WatchLater' : 'WatchLater', onSelect: watchLater.toggle },
        { label: 'Add to playlist', onSelect: () => onAddToPlaylist(video) },
      ]}
    />
  );
}
