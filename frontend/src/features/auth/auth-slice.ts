import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@/lib/types';
import { authApi } from './auth-api';

interface AuthState {
  user: User | null;
  token: string | null;
}

const initialState: AuthState = { user: null, token: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedOut: () => initialState,
    /** A password change or "sign out everywhere" answered a fresh token for this session. */
    tokenRenewed: (state, { payload }: PayloadAction<string>) => ({ ...state, token: payload }),
    profileChanged: (state, { payload }: PayloadAction<User>) => ({ ...state, user: state.user && { ...state.user, ...payload } }),
    /** GET /user/profile answered: its fields replace the kept ones, and a role it no longer lists is gone. */
    profileRead: (state, { payload }: PayloadAction<User>) => {
      if (!state.user) return state;
      const { operator: _kept, ...rest } = state.user;
      return { ...state, user: { ...rest, ...payload } };
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authApi.endpoints.login.matchFulfilled, (_state, { payload }) => ({
        user: payload.foundUser,
        token: payload.encodedToken,
      }))
      .addMatcher(authApi.endpoints.signup.matchFulfilled, (_state, { payload }) => ({
        user: payload.createdUser,
        token: payload.encodedToken,
      }));
  },
});

export const { loggedOut, tokenRenewed, profileChanged, profileRead } = authSlice.actions;
