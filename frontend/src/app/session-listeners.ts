import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { authApi } from '@/features/auth/auth-api';
import { loggedOut } from '@/features/auth/auth-slice';
import { clearSession, saveSession } from '@/features/auth/session-storage';
import { api } from '@/lib/api';
import { selectToken } from '@/lib/session-token';
import type { RootState } from './root-reducer';

const sessionStarted = isAnyOf(authApi.endpoints.login.matchFulfilled, authApi.endpoints.signup.matchFulfilled);

export function addSessionListeners({ startListening }: ListenerMiddlewareInstance<RootState>): void {
  // The stored session follows the auth state, so that a reload restores exactly the current session.
  // "Remember me" unchecked keeps the session for this browser session only; a signup is remembered.
  startListening({
    matcher: sessionStarted,
    effect: (action, { getState }) => {
      const remember = authApi.endpoints.login.matchFulfilled(action) ? action.meta.arg.originalArgs.remember !== false : true;
      saveSession(getState().auth, remember);
    },
  });
  startListening({ actionCreator: loggedOut, effect: () => clearSession() });
  // The cache holds one user's lists: when a session ends or another replaces it, it is emptied, so
  // that the next user never sees the previous one's lists (a guest has none cached).
  startListening({
    matcher: isAnyOf(sessionStarted, loggedOut),
    effect: (_action, { getOriginalState, dispatch }) => {
      // selectToken also checks that this state is the SessionState that lib/ reads.
      if (selectToken(getOriginalState())) dispatch(api.util.resetApiState());
    },
  });
}
