import { useCallback } from 'react';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from './paths';
import { selectToken } from './session-token';

export const useToken = () => useSelector(selectToken);

/** A user-list query's argument, or skipToken for a guest, who has no lists to read (SPEC §6). */
export function useUserArg<Arg>(arg: Arg): Arg | SkipToken {
  return useToken() ? arg : skipToken;
}

/**
 * Wraps a user-list action: guests are sent to /login (remembering where they were, so that
 * they come back after logging in) instead of running it.
 */
export function useSignedInAction() {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (action: () => void) => {
      if (token) action();
      else navigate(paths.login.to(), { state: { from: location } });
    },
    [token, navigate, location],
  );
}
