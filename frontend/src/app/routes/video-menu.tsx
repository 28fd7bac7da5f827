import { ActionMenu } from '@/components/action-menu';
import { useVideoListToggle } from '@/features/video-lists/use-video-list';
import { likes, watchLater } from '@/features/video-lists/video-lists-api';
import type { Video } from '@/lib/types';

/** The card menu of SPEC §2; it joins the user's lists and playlists, so it is composed here rather than in a feature. */
export function VideoMenu({ video, onAddToPlaylist }: { video: Video; onAddToPlaylist: (video: Video) => void }) {
  const like = useVideoListToggle(likes, video);
  const later = useVideoListToggle(watchLater, video);
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
