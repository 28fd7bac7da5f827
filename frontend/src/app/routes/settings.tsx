import { useSelector } from 'react-redux';
import { AccountSection } from '@/features/account/account-section';
import { DeleteAccountCard } from '@/features/account-deletion/delete-account-card';
import { useSignOut } from '@/features/auth/use-sign-out';
import { SettingsView } from '@/features/settings/settings-view';
import type { RootState } from '../root-reducer';

/** /settings: the library settings, the Account section and account deletion (SECURITY.md §10), which ends the session when done. */
export function SettingsPage() {
  const user = useSelector((state: RootState) => state.auth.user);
  const signOut = useSignOut();
  return (
    <SettingsView>
      <AccountSection user={user} />
      <DeleteAccountCard onDeleted={() => signOut('Your account was deleted')} />
    </SettingsView>
  );
}
