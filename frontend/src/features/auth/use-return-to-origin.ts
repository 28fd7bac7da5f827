import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { paths } from '@/lib/paths';

const AUTH_PAGES: string[] = [paths.login.path, paths.signup.path];

/** Where the user was sent away from (a protected page or a guest action), to go back after auth. */
export function useReturnToOrigin() {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as { from?: Location } | null)?.from;
  const target = from && !AUTH_PAGES.includes(from.pathname.toLowerCase()) ? `${from.pathname}${from.search}${from.hash}` : paths.home.to();
  return {
    from,
    // Replace, so that Back does not return to the form the user just completed.
    returnToOrigin: useCallback(() => navigate(target, { replace: true }), [navigate, target]),
  };
}
