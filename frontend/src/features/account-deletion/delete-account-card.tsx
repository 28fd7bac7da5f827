import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';
import { firstServerError } from '@/lib/server-errors';
import { useDeleteAccountMutation } from './account-deletion-api';
import './delete-account-card.css';

/**
 * "Delete my account" (right to erasure): behind a confirmation that asks for the password. The
 * server destroys the account's personal data key, so this cannot be undone; `onDeleted` ends the
 * session (the composing route knows how).
 */
export function DeleteAccountCard({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="settings-card delete-account" aria-labelledby="settings-delete-account">
      <h2 id="settings-delete-account" className="settings-card__title">
        Delete my account
      </h2>
      <p className="settings-card__help">
        Your profile, liked videos, watch later, history, playlists and activity are removed, and your email can be used for a new account.
        This cannot be undone: export your library first if you want to keep it.
      </p>
      <div className="settings-card__actions">
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      </div>
      {confirming && <ConfirmDeletion onCancel={() => setConfirming(false)} onDeleted={onDeleted} />}
    </section>
  );
}

function ConfirmDeletion({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const fieldId = useId();
  const problemId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem('Enter your password to confirm.');
    const { error } = await deleteAccount({ password });
    if (error) return setProblem(firstServerError(error) ?? 'Your account could not be deleted. Try again later.');
    onDeleted();
  };

  return (
    <Modal title="Delete your account for good?" onClose={onCancel}>
      <form className="delete-account__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor={fieldId}>Your password</label>
        <input
          id={fieldId}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {problem && (
          <p id={problemId} className="settings-card__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="settings-card__actions">
          <button type="button" className="btn btn--outline" onClick={onCancel}>
            Keep my account
          </button>
          <button type="submit" className="btn btn--danger" disabled={isLoading}>
            Delete my account for good
          </button>
        </div>
      </form>
    </Modal>
  );
}
