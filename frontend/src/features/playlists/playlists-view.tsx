import { CardSkeletons } from '@/components/skeleton';
import { useDocumentTitle } from '@/lib/document-title';
import { notifyUndoable, undoableOnSuccess } from '@/lib/undo';
import { NewPlaylistForm } from './new-playlist-form';
import { PlaylistCard } from './playlist-card';
import { useDeletePlaylistMutation } from './playlists-api';
import { usePlaylists } from './use-playlists';
import './playlists-page.css';

export function PlaylistsView() {
  const { data: playlists, isLoading } = usePlaylists();
  const [deletePlaylist] = useDeletePlaylistMutation();
  useDocumentTitle('Playlists');

  // Playlist failures are only logged; the card comes back on its own.
  const onDelete = (playlistId: string) => deletePlaylist(playlistId).then(undoableOnSuccess('Deleted playlist'));

  return (
    <main className="playlists-page">
      <div className="playlists-page__head">
        <h1 className="playlists-page__title">Playlists</h1>
        <NewPlaylistForm buttonLabel="New playlist" onCreated={() => notifyUndoable('Playlist created')} />
      </div>
      {isLoading && !playlists ? (
        <CardSkeletons count={4} label="Loading playlists" />
      ) : !playlists?.length ? (
        <p className="empty-state__text">There is no playlist</p>
      ) : (
        <ul className="playlists-page__grid">
          {playlists.map((playlist) => (
            <li key={playlist._id}>
              <PlaylistCard playlist={playlist} onDelete={() => onDelete(playlist._id)} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
