import { isAnyOf, isRejectedWithValue, type Dispatch, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { notify } from '@/lib/notify';
import { accountApi } from '@/features/account/account-api';
import { authApi } from '@/features/auth/auth-api';
import { loggedOut, profileChanged, profileRead, tokenRenewed } from '@/features/auth/auth-slice';
import { clearSession, isRemembered, saveSession } from '@/features/auth/session-storage';
import { api } from '@/lib/api';
import { endsTheSession, selectToken } from '@/lib/session-token';
import type { RootState } from './root-reducer';

interface ListenerApi {
  dispatch: Dispatch<UnknownAction>;
  getState: () => RootState;
  /** The state before the action that started the effect. */
  getOriginalState: () => RootState;
}

interface Listener {
  /** Asked with the state right after the reducers ran, before any effect. */
  matches: (action: unknown, state: RootState) => boolean;
  effect: (action: never, listenerApi: ListenerApi) => void;
}

const on = <A>(matches: (action: unknown) => action is A, effect: (action: A, listenerApi: ListenerApi) => void): Listener => ({
  matches,
  effect: effect as Listener['effect'],
});

/** What a 401 on a call made with a token does, from RTK Query or from the live stream (app/live-updates.ts). */
export function endSession(dispatch: Dispatch<UnknownAction>): void {
  dispatch(loggedOut());
  notify.error('Your session has ended. Please log in again.');
}

const sessionStarted = isAnyOf(authApi.endpoints.login.matchFulfilled, authApi.endpoints.signup.matchFulfilled);

const listeners: Listener[] = [
  // The stored session follows the auth state, so that a reload restores exactly the current session.
  // "Remember me" unchecked keeps the session for this browser session only; a signup is remembered.
  on(sessionStarted, (action, { getState }) => {
    const remember = authApi.endpoints.login.matchFulfilled(action) ? action.meta.arg.originalArgs.remember !== false : true;
    saveSession(getState().auth, remember);
  }),
  on(loggedOut.match, () => clearSession()),
  // A password change or "sign out everywhere" gives this session a fresh token.
  on(
    isAnyOf(accountApi.endpoints.changePassword.matchFulfilled, accountApi.endpoints.revokeSessions.matchFulfilled),
    ({ payload }, { dispatch, getState }) => {
      dispatch(tokenRenewed(payload.encodedToken));
      saveSession(getState().auth, isRemembered());
    },
  ),
  on(accountApi.endpoints.updateProfile.matchFulfilled, ({ payload }, { dispatch, getState }) => {
    dispatch(profileChanged(payload));
    saveSession(getState().auth, isRemembered());
  }),
  // The profile read afresh replaces the one login answered: a role revoked since is absent from it.
  on(authApi.endpoints.profile.matchFulfilled, ({ payload }, { dispatch, getState }) => {
    dispatch(profileRead(payload));
    saveSession(getState().auth, isRemembered());
  }),
  // A 401 on a call made with a token: the session ended elsewhere (password changed, signed out
  // everywhere, expired). Sign out here too, instead of failing every action from now on.
  {
    matches: (action, state) =>
      isRejectedWithValue(action) && endsTheSession((action.payload as { status?: unknown } | undefined)?.status, state),
    effect: (_action, { dispatch }) => endSession(dispatch),
  },
  // The cache holds one user's lists: when a session ends or another replaces it, it is emptied, so
  // that the next user never sees the previous one's lists (a guest has none cached).
  on(isAnyOf(sessionStarted, loggedOut), (_action, { getOriginalState, dispatch }) => {
    // selectToken also checks that this state is the SessionState that lib/ reads.
    if (selectToken(getOriginalState())) dispatch(api.util.resetApiState());
  }),
];

/**
 * What follows the session, run after each action has reached the reducers, in this order, each effect at once
 * (an action an effect dispatches runs through them too). A plain middleware rather than Redux Toolkit's
 * listener middleware, whose tasks, forks and conditions these effects do not use: 1.6 kB gzip less on the
 * first screen (bench/RESULTS.md, "Frontend on React 19"). As there, an effect that throws is logged and
 * the action still completes.
 */
export const sessionListeners: Middleware<object, RootState> = (store) => (next) => (action) => {
  const originalState = store.getState();
  const result = next(action);
  const state = store.getState();
  const listenerApi: ListenerApi = { dispatch: store.dispatch, getState: store.getState, getOriginalState: () => originalState };
  for (const { matches, effect } of listeners) {
    try {
      if (matches(action, state)) effect(action as never, listenerApi);
    } catch (error) {
      console.error('listenerMiddleware/error', error);
    }
  }
  return result;
};
