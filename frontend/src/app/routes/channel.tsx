import { ChannelView } from '@/features/channels/channel-view';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { VideoMenu, VideoSetMenus } from '@/features/video-sets/video-menu';

/** /channel/:channelId, with each card's menu of the user's lists. */
export function ChannelPage() {
  const playlistModal = usePlaylistModal();
  return (
    <>
      <ChannelView menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />} />
      {playlistModal.modal}
      <VideoSetMenus />
    </>
  );
}
