import { isAnyOf } from '@reduxjs/toolkit';
import type { AppStartListening } from '@/app/listener';
import { authApi } from './auth-api';
import { loggedOut } from './auth-slice';
import { clearSession, saveSession } from './session-storage';

// localStorage follows the auth state, so that a reload restores exactly the current session.
// (User lists are cached per token, so a new session never sees the previous user's lists.)
export function addSessionListeners(startListening: AppStartListening): void {
  startListening({
    matcher: isAnyOf(authApi.endpoints.login.matchFulfilled, authApi.endpoints.signup.matchFulfilled),
    effect: (_action, listenerApi) => saveSession(listenerApi.getState().auth),
  });
  startListening({
    actionCreator: loggedOut,
    effect: () => clearSession(),
  });
}
