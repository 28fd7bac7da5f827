import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/components/toasts';
import { AccountSection } from '@/features/account/account-section';
import { DeleteAccountCard } from '@/features/account-deletion/delete-account-card';
import { loggedOut } from '@/features/auth/auth-slice';
import { SettingsPage } from '@/features/settings/settings-page';
import { paths } from '@/lib/paths';
import type { RootState } from '../root-reducer';

/** /settings: the library settings, the Account section (issue 17) and account deletion (issue 18), which ends the session when done. */
export function SettingsRoute() {
  const user = useSelector((state: RootState) => state.auth.user);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const onDeleted = async () => {
    // Leave first: logging out on a protected page would otherwise redirect it to /login.
    await navigate(paths.home.to(), { flushSync: true });
    dispatch(loggedOut());
    notify.success('Your account was deleted');
  };
  return (
    <SettingsPage>
      <AccountSection user={user} />
      <DeleteAccountCard onDeleted={() => void onDeleted()} />
    </SettingsPage>
  );
}
