import { SubscriptionsView } from '@/features/channels/subscriptions-view';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { VideoMenu, VideoSetMenus } from '@/features/video-sets/video-menu';

/** /subscriptions: the followed channels and their videos. */
export function SubscriptionsPage() {
  const playlistModal = usePlaylistModal();
  return (
    <>
      <SubscriptionsView menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />} />
      {playlistModal.modal}
      <VideoSetMenus />
    </>
  );
}
