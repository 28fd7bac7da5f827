import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { paths } from '@/lib/paths';

const AUTH_PAGES: string[] = [paths.login.path, paths.signup.path];

interface AuthState {
  from?: Location;
  /** Why the user was sent here (a guest's Like, a protected page), said in one line. */
  reason?: string;
}

/** Where the user was sent away from (a protected page or a guest action), to go back after auth. */
export function useReturnToOrigin() {
  const location = useLocation();
  const navigate = useNavigate();
  const { from, reason } = (location.state as AuthState | null) ?? {};
  const target = from && !AUTH_PAGES.includes(from.pathname.toLowerCase()) ? `${from.pathname}${from.search}${from.hash}` : paths.home.to();
  return {
    target,
    reason,
    // Replace, so that Back does not return to the form the user just completed.
    returnToOrigin: useCallback(() => navigate(target, { replace: true }), [navigate, target]),
  };
}
