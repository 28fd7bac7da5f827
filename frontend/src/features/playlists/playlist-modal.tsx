import { useState, type FormEvent } from 'react';
import type { Video } from '@/lib/types';
import { Loader } from '@/components/loader';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toasts';
import { useFocusOnClose } from '@/components/use-focus-on-close';
import { useAddToPlaylistMutation, useCreatePlaylistMutation, useRemoveFromPlaylistMutation } from './playlists-api';
import { usePlaylists } from './use-playlists';
import { notifyUndoable, undoableOnSuccess } from '@/lib/undo';
import './playlist-modal.css';

/** SPEC §2 "Playlist modal": one checkbox per playlist, checked when it holds the video. */
export function PlaylistModal({ video, onClose }: { video: Video; onClose: () => void }) {
  const { data: playlists, isLoading } = usePlaylists();
  const [addToPlaylist] = useAddToPlaylistMutation();
  const [removeFromPlaylist] = useRemoveFromPlaylistMutation();

  const toggle = (playlistId: string, holdsVideo: boolean) => {
    // Playlist failures are only logged (SPEC §8); the optimistic tick is undone.
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
      <CreatePlaylist />
    </Modal>
  );
}

function CreatePlaylist() {
  const [isOpen, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [createPlaylist, { isLoading }] = useCreatePlaylistMutation();
  const openButton = useFocusOnClose(isOpen);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      notify.error('Title cannot be empty');
      return;
    }
    // A failure is only logged (SPEC §8); the title stays so the user can retry.
    if ((await createPlaylist(trimmed)).error) return;
    notifyUndoable('Playlist created');
    setTitle('');
    setOpen(false);
  };

  if (!isOpen) {
    return (
      <button ref={openButton} type="button" className="btn btn--outline btn--block" onClick={() => setOpen(true)}>
        Create New Playlist
      </button>
    );
  }
  return (
    <form className="playlist-modal__create" onSubmit={onSubmit}>
      <input
        className="field__input"
        type="text"
        aria-label="New playlist title"
        placeholder="Start Typing..."
        autoFocus
        maxLength={100}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <div className="playlist-modal__actions">
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            setTitle('');
            setOpen(false);
          }}
        >
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Create
        </button>
      </div>
    </form>
  );
}
