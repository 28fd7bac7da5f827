/**
 * The part of the auth state (kept by features/auth under `auth`) that shared code reads. Declared
 * here so that the API base and the hooks need not import that feature; app/store.ts checks that
 * the real state matches.
 */
export interface SessionState {
  auth: { token: string | null };
}

export const selectToken = (state: SessionState) => state.auth.token;

/**
 * A call's refusal that ends the session: a 401 while signed in (password changed, signed out everywhere, expired).
 * The session's end says so (app/session-listeners.ts), so the call's own error toast is left out (lib/api.ts).
 */
export const endsTheSession = (status: unknown, state: SessionState): boolean => status === 401 && Boolean(selectToken(state));
