import { ChannelPage } from '@/features/channels/channel-page';
import { SubscriptionsPage } from '@/features/channels/subscriptions-page';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { VideoMenu } from './video-menu';

/** /channel/:channelId, with each card's menu of the user's lists (issue 17). */
export function ChannelRoute() {
  const playlistModal = usePlaylistModal();
  return (
    <>
      <ChannelPage menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />} />
      {playlistModal.modal}
    </>
  );
}

/** /subscriptions: the followed channels and their videos. */
export function SubscriptionsRoute() {
  const playlistModal = usePlaylistModal();
  return (
    <>
      <SubscriptionsPage menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />} />
      {playlistModal.modal}
    </>
  );
}
