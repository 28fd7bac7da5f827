import { useId, useState, type FormEvent } from 'react';
import type { Playlist } from '@/lib/types';
import { notify } from '@/lib/notify';
import { useFocusOnClose } from '@/components/use-focus-on-close';
import { notifyUndoable } from '@/lib/undo';
import { useUpdatePlaylistDetailsMutation } from './playlists-api';

/** The playlist's description and an "Edit details" form for its name and description. */
export function PlaylistDetails({ playlist }: { playlist: Playlist }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [updateDetails, { isLoading }] = useUpdatePlaylistDetailsMutation();
  const editButton = useFocusOnClose(editing);
  const formId = useId();

  const open = () => {
    setTitle(playlist.title);
    setDescription(playlist.description ?? '');
    setEditing(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const details = { playlistId: playlist._id, title: title.trim(), description: description.trim() };
    if (!details.title) return void notify.error('Title cannot be empty');
    if (details.title === playlist.title && details.description === (playlist.description ?? '')) return setEditing(false);
    if ((await updateDetails(details)).error) return;
    notifyUndoable('Playlist details saved');
    setEditing(false);
  };

  if (!editing) {
    return (
      <>
        {playlist.description && <p className="playlist-details__description">{playlist.description}</p>}
        <button ref={editButton} type="button" className="btn btn--outline playlist-details__edit" onClick={open}>
          Edit details
        </button>
      </>
    );
  }
  return (
    <form className="playlist-details__form" onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${formId}-legend`} noValidate>
      <p id={`${formId}-legend`} className="visually-hidden">
        Edit the playlist&rsquo;s name and description
      </p>
      <label className="field">
        <span className="field__label">Name</span>
        <input
          className="field__input"
          type="text"
          required
          maxLength={100}
          autoFocus
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <textarea
          className="field__input playlist-details__textarea"
          maxLength={500}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <div className="playlist-details__actions">
        <button type="button" className="btn btn--outline" onClick={() => setEditing(false)}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Save
        </button>
      </div>
    </form>
  );
}
