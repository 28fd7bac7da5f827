import { useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import type { User } from '@/lib/types';
import './account.css';
import { useChangePasswordMutation, useRevokeSessionsMutation, useUpdateProfileMutation } from './account-api';

/** Settings › Account (SECURITY.md §11): the name, the password, and signing out everywhere else. */
export function AccountSection({ user }: { user: User | null }) {
  return (
    <section className="settings-card" aria-labelledby="settings-account">
      <h2 id="settings-account" className="settings-card__title">
        Account
      </h2>
      <ProfileForm user={user} />
      <PasswordForm />
      <SignOutEverywhere />
    </section>
  );
}

function ProfileForm({ user }: { user: User | null }) {
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [update, { isLoading }] = useUpdateProfileMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim()) return void notify.error('Please enter your first name');
    if (!(await update({ firstName: firstName.trim(), lastName: lastName.trim() })).error) notify.success('Profile saved');
  };
  return (
    <form className="account-form" onSubmit={(event) => void onSubmit(event)} aria-label="Profile">
      <label className="field">
        <span className="field__label">First name</span>
        <input className="field__input" value={firstName} maxLength={100} onChange={(e) => setFirstName(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Last name</span>
        <input className="field__input" value={lastName} maxLength={100} onChange={(e) => setLastName(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--outline" disabled={isLoading}>
        Save profile
      </button>
    </form>
  );
}

function PasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [change, { isLoading }] = useChangePasswordMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < 8) return void notify.error('The new password needs at least 8 characters');
    if ((await change({ currentPassword, newPassword })).error) return;
    setCurrent('');
    setNew('');
    notify.success('Password changed. Other devices are signed out.');
  };
  return (
    <form className="account-form" onSubmit={(event) => void onSubmit(event)} aria-label="Password">
      <label className="field">
        <span className="field__label">Current password</span>
        <input
          className="field__input"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">New password</span>
        <input
          className="field__input"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn--outline" disabled={isLoading}>
        Change password
      </button>
    </form>
  );
}

function SignOutEverywhere() {
  const [revoke, { isLoading }] = useRevokeSessionsMutation();
  const onClick = async () => {
    if (!(await revoke()).error) notify.success('Signed out everywhere else');
  };
  return (
    <div className="account-form">
      <p className="settings-card__help">Signs out every other browser and device where you are logged in. This one stays signed in.</p>
      <button type="button" className="btn btn--outline" onClick={() => void onClick()} disabled={isLoading}>
        Sign out everywhere
      </button>
    </div>
  );
}
