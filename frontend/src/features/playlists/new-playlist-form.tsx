import { useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import { useFocusOnClose } from '@/components/use-focus-on-close';
import type { Playlist } from '@/lib/types';
import { useCreatePlaylistMutation } from './playlists-api';
import './playlist-modal.css';

/**
 * A button that opens a title input with Cancel and Create (the modal's texts). Gives
 * the new playlist to `onCreated`, which says so (and, in the modal, saves the video there).
 */
export function NewPlaylistForm({
  buttonLabel,
  className = '',
  onCreated,
}: {
  buttonLabel: string;
  className?: string;
  onCreated: (playlist: Playlist) => void;
}) {
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
    // A failure is only logged; the title stays so the user can retry.
    const { data: playlists } = await createPlaylist(trimmed);
    if (!playlists) return;
    // The newest playlist with this title: the server appends it.
    const created = [...playlists].reverse().find((p) => p.title === trimmed);
    setTitle('');
    setOpen(false);
    if (created) onCreated(created);
  };

  if (!isOpen) {
    return (
      <button ref={openButton} type="button" className={`btn btn--outline ${className}`} onClick={() => setOpen(true)}>
        {buttonLabel}
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
