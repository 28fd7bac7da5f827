import { useParams } from 'react-router-dom';
import { ListPage } from '@/components/list-page';
import { notify } from '@/components/toasts';
import { useRemoveFromPlaylistMutation } from './playlists-api';
import { usePlaylist } from './use-playlists';

/** /Playlist/:_id is open to guests (SPEC §2), who simply see an empty playlist. */
export function PlaylistPage() {
  const { _id: playlistId } = useParams();
  const { data: playlist, isLoading } = usePlaylist(playlistId);
  const [removeFromPlaylist] = useRemoveFromPlaylistMutation();
  const title = playlist?.title ?? '';

  return (
    <ListPage
      title={title || 'Playlist'}
      videos={playlist?.videos}
      isLoading={isLoading}
      empty={{ message: `${title} Playlist is empty`.trim(), action: 'Watch Some videos' }}
      onRemove={(video) =>
        playlistId &&
        removeFromPlaylist({ playlistId, video })
          .unwrap()
          .then(() => notify.success('Remove from Playlist'))
          .catch(() => undefined)
      }
    />
  );
}
