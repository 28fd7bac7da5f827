import { useParams } from 'react-router';
import { Loader } from '@/components/loader';
import { useToken } from '@/lib/hooks';
import { PlaylistView } from '@/features/playlists/playlist-view';
import { findPlaylist, usePlaylists } from '@/features/playlists/use-playlists';
import { ShareControls } from '@/features/sharing/share-controls';
import { useSharedPlaylistRead } from '@/features/sharing/sharing-api';
import { SharedPlaylistView } from '@/features/sharing/shared-playlist-view';

/**
 * /Playlist/:_id: the owner's own page (with Share), or — for a guest or another user — the shared
 * playlist as anyone may read it (SECURITY.md §11; a private one answers like an unknown one). Whose it is
 * comes from the user's own playlists, so another user's id is never asked of /user/playlists/:id.
 */
export function PlaylistPage() {
  const { _id: playlistId = '' } = useParams();
  const token = useToken();
  const own = usePlaylists();
  const shared = useSharedPlaylistRead(playlistId);
  const mine = !!findPlaylist(own.data, playlistId);
  if (mine) return <PlaylistView actions={(playlist) => <ShareControls playlist={playlist} />} />;
  // Still reading (or re-reading, just after "Save to my playlists" made a copy) the user's own playlists. A
  // shared playlist already on screen stays while they are read again (a live change of the user's own).
  if (token && own.isFetching && !shared) return <Loader />;
  return <SharedPlaylistView playlistId={playlistId} />;
}
