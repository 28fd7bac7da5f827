import { SubscriptionsView } from '@/features/channels/subscriptions-view';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { useVideoSetMenus } from '@/features/video-sets/use-video-set';
import { VideoMenu } from '@/features/video-sets/video-menu';

/** /subscriptions: the followed channels and their videos. */
export function SubscriptionsPage() {
  const playlistModal = usePlaylistModal();
  useVideoSetMenus();
  return (
    <>
      <SubscriptionsView menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />} />
      {playlistModal.modal}
    </>
  );
}
