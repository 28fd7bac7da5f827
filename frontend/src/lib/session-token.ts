/**
 * The part of the auth state (kept by features/auth under `auth`) that shared code reads. Declared
 * here so that the API base and the hooks need not import that feature; app/store.ts checks that
 * the real state matches.
 */
export interface SessionState {
  auth: { token: string | null };
}

export const selectToken = (state: SessionState) => state.auth.token;
