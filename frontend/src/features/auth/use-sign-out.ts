import { flushSync } from 'react-dom';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { loggedOut } from './auth-slice';

/** Ends the session from a click (Logout, a deleted account): Home, then signed out, then `message`. */
export function useSignOut() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (message: string) => {
    // Leave first, rendered at once: signing out on a protected page would otherwise redirect it to
    // /login. (Navigations are not transitions, see app.tsx, so flushSync renders this one now.)
    flushSync(() => navigate(paths.home.to()));
    dispatch(loggedOut());
    notify.success(message);
  };
}
