import { isAnyOf, isRejectedWithValue, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { notify } from '@/lib/notify';
import { accountApi } from '@/features/account/account-api';
import { authApi } from '@/features/auth/auth-api';
import { loggedOut, profileChanged, tokenRenewed } from '@/features/auth/auth-slice';
import { clearSession, isRemembered, saveSession } from '@/features/auth/session-storage';
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
  // A password change or "sign out everywhere" gives this session a fresh token.
  startListening({
    matcher: isAnyOf(accountApi.endpoints.changePassword.matchFulfilled, accountApi.endpoints.revokeSessions.matchFulfilled),
    effect: (action, { dispatch, getState }) => {
      dispatch(tokenRenewed((action as unknown as { payload: { encodedToken: string } }).payload.encodedToken));
      saveSession(getState().auth, isRemembered());
    },
  });
  startListening({
    matcher: accountApi.endpoints.updateProfile.matchFulfilled,
    effect: ({ payload }, { dispatch, getState }) => {
      dispatch(profileChanged(payload));
      saveSession(getState().auth, isRemembered());
    },
  });
  // A 401 on a call made with a token: the session ended elsewhere (password changed, signed out
  // everywhere, expired). Sign out here too, instead of failing every action from now on.
  startListening({
    predicate: (action, state) =>
      isRejectedWithValue(action) && (action.payload as { status?: unknown } | undefined)?.status === 401 && Boolean(selectToken(state)),
    effect: (_action, { dispatch }) => {
      dispatch(loggedOut());
      notify.error('Your session has ended. Please log in again.');
    },
  });
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
