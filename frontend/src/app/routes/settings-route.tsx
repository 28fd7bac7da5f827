import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/components/toasts';
import { DeleteAccountCard } from '@/features/account-deletion/delete-account-card';
import { loggedOut } from '@/features/auth/auth-slice';
import { SettingsPage } from '@/features/settings/settings-page';
import { paths } from '@/lib/paths';

/** /settings: the settings feature's cards, plus account deletion, which ends the session when done. */
export function SettingsRoute() {
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
      <DeleteAccountCard onDeleted={() => void onDeleted()} />
    </SettingsPage>
  );
}
