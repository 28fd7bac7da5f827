import { useCallback } from 'react';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { paths } from './paths';
import { rememberPendingAction, type PendingAction } from './pending-action';
import { selectToken } from './session-token';

export const useToken = () => useSelector(selectToken);

/** A user-list query's argument, or skipToken for a guest, who has no lists to read. */
export function useUserArg<Arg>(arg: Arg): Arg | SkipToken {
  return useToken() ? arg : skipToken;
}

/** Why a guest was sent to /login, said there in one line. */
export interface LoginReason {
  reason: string;
  /** Done once they are signed in and back (see pending-action.ts). */
  pending?: PendingAction;
}

/**
 * Wraps a user-list action: guests are sent to /login with a line saying why (remembering where
 * they were and what they asked for, so that they come back and it is done) instead of running it.
 */
export function useSignedInAction() {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (action: () => void, why?: LoginReason) => {
      if (token) return action();
      if (why?.pending) rememberPendingAction(why.pending);
      void navigate(paths.login.to(), { state: { from: location, reason: why?.reason } });
    },
    [token, navigate, location],
  );
}
