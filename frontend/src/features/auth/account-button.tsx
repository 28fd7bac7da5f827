import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useDispatch } from 'react-redux';
import { useToken } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { Icon } from '@/components/icons';
import { notify } from '@/components/toasts';
import { useSettings } from '@/lib/settings';
import { loggedOut } from './auth-slice';

/** The header's Login button, or the Settings link and the Logout button. */
export function AccountButton() {
  const token = useToken();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // Read as soon as any page shows a signed-in header (and kept), so that the player knows at
  // once whether history is paused instead of asking first.
  useSettings();

  if (!token) {
    return (
      <button type="button" className="btn btn--primary" onClick={() => navigate(paths.login.to(), { state: { from: location } })}>
        Login
      </button>
    );
  }
  return (
    <>
      <NavLink className="btn btn--outline header__settings" to={paths.settings.to()}>
        <Icon name="settings" />
        <span className="header__settings-text">Settings</span>
      </NavLink>
      <button
        type="button"
        className="btn btn--outline"
        onClick={async () => {
          // Leave first: logging out on a protected page would otherwise redirect it to /login.
          await navigate(paths.home.to(), { flushSync: true });
          dispatch(loggedOut());
          notify.success('Logged Out Successfully');
        }}
      >
        Logout
      </button>
    </>
  );
}
