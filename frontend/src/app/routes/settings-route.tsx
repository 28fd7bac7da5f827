import { useSelector } from 'react-redux';
import { AccountSection } from '@/features/account/account-section';
import { DeleteAccountCard } from '@/features/account-deletion/delete-account-card';
import { useSignOut } from '@/features/auth/use-sign-out';
import { SettingsPage } from '@/features/settings/settings-page';
import type { RootState } from '../root-reducer';

/** /settings: the library settings, the Account section (issue 17) and account deletion (issue 18), which ends the session when done. */
export function SettingsRoute() {
  const user = useSelector((state: RootState) => state.auth.user);
  const signOut = useSignOut();
  return (
    <SettingsPage>
      <AccountSection user={user} />
      <DeleteAccountCard onDeleted={() => signOut('Your account was deleted')} />
    </SettingsPage>
  );
}
