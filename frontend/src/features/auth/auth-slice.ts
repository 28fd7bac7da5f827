import { createSlice } from '@reduxjs/toolkit';
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

export const { loggedOut } = authSlice.actions;
