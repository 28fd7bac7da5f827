import type { Video } from '@/lib/types';
import { Loader } from '@/components/loader';
import { Modal } from '@/components/modal';
import { NewPlaylistForm } from './new-playlist-form';
import { useAddToPlaylistMutation, useRemoveFromPlaylistMutation } from './playlists-api';
import { usePlaylists } from './use-playlists';
import { notifyUndoable, undoableOnSuccess } from '@/lib/undo';
import './playlist-modal.css';

/** The playlist modal: one checkbox per playlist, checked when it holds the video. */
export function PlaylistModal({ video, onClose }: { video: Video; onClose: () => void }) {
  const { data: playlists, isLoading } = usePlaylists();
  const [addToPlaylist] = useAddToPlaylistMutation();
  const [removeFromPlaylist] = useRemoveFromPlaylistMutation();

  const toggle = (playlistId: string, holdsVideo: boolean) => {
    // Playlist failures are only logged; the optimistic tick is undone.
    if (holdsVideo) void removeFromPlaylist({ playlistId, video }).then(undoableOnSuccess('Remove from Playlist'));
    else void addToPlaylist({ playlistId, video }).then(undoableOnSuccess('Added to Playlist'));
  };

  return (
    <Modal title="Save to playlist" onClose={onClose}>
      {isLoading ? (
        <Loader />
      ) : (
        <ul className="playlist-modal__list">
          {(playlists ?? []).map((playlist) => {
            const holdsVideo = playlist.videos.some((v) => v._id === video._id);
            return (
              <li key={playlist._id}>
                <label className="checkbox">
                  <input type="checkbox" checked={holdsVideo} onChange={() => toggle(playlist._id, holdsVideo)} />
                  {playlist.title}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {/* As on video sites, a playlist created here already holds the video. */}
      <NewPlaylistForm
        buttonLabel="Create New Playlist"
        className="btn--block"
        onCreated={(created) =>
          void addToPlaylist({ playlistId: created._id, video }).then(({ error }) =>
            error ? notifyUndoable('Playlist created') : notifyUndoable('Added to Playlist'),
          )
        }
      />
    </Modal>
  );
}
