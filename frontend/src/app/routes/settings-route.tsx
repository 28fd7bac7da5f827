import { useSelector } from 'react-redux';
import { AccountSection } from '@/features/account/account-section';
import { SettingsPage } from '@/features/settings/settings-page';
import type { RootState } from '../root-reducer';

/** /settings: the library settings, then the Account section (issue 17). */
export function SettingsRoute() {
  const user = useSelector((state: RootState) => state.auth.user);
  return (
    <SettingsPage>
      <AccountSection user={user} />
    </SettingsPage>
  );
}
