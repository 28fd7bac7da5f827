import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { NavLink } from '@/components/link';
import { useToken, useUserArg } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { Icon } from '@/components/icons';
import { settingsQuery } from '@/lib/settings';
import { authApi } from './auth-api';
import { useSignOut } from './use-sign-out';
import type { User } from '@/lib/types';

/** The header's Login button, or the Studio link (operators only), the Settings link and the Logout button. */
export function AccountButton() {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  // Whether the user runs the catalogue (docs/design/catalogue.md, "Operators"): what login answered, then
  // the profile read afresh once per page load, so that a role granted since shows without signing in again.
  const operator = useSelector((state: { auth: { user: User | null } }) => state.auth.user?.operator);
  // Both are read for the cache, not for this button: subscribed to without their state, so that their answers do
  // not render the header again (README, "Speed on a phone"). The settings are read as soon as any page shows a
  // signed-in header (and kept), so that the player knows at once whether history is paused instead of asking first.
  authApi.endpoints.profile.useQuerySubscription(undefined, { skip: !token });
  settingsQuery.endpoints.getSettings.useQuerySubscription(useUserArg(undefined));

  if (!token) {
    return (
      <button type="button" className="btn btn--primary" onClick={() => navigate(paths.login.to(), { state: { from: location } })}>
        Login
      </button>
    );
  }
  return (
    <>
      {operator && (
        <NavLink className="btn btn--outline" to={paths.studio.to()}>
          Studio
        </NavLink>
      )}
      <NavLink className="btn btn--outline header__settings" to={paths.settings.to()}>
        <Icon name="settings" />
        <span className="header__settings-text">Settings</span>
      </NavLink>
      <button type="button" className="btn btn--outline" onClick={() => signOut('Logged Out Successfully')}>
        Logout
      </button>
    </>
  );
}
