import { api } from '@/lib/api';
import type { LoginBody, LoginResponse, ProfileResponse, SignupBody, SignupResponse, User } from '@/lib/types';

export type LoginRequest = LoginBody & {
  /** Kept by the client only (where the session is stored); never sent. */
  remember?: boolean;
};

/** The signup form sends the names the document also accepts in other forms (`name`, `username`), always both. */
export type SignupRequest = Required<Pick<SignupBody, 'firstName' | 'lastName' | 'email' | 'password'>>;

// A failed login or signup says the server's reason, or this (sic).
const errorToast = 'Something went wrong !! ...Try again later';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: ({ email, password }) => ({ url: '/auth/login', method: 'POST', body: { email, password } satisfies LoginBody }),
      // A 400 (a field the server refused) is shown beside its field by the form, in plain words.
      extraOptions: { errorToast, fieldErrors: true },
    }),
    signup: build.mutation<SignupResponse, SignupRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
      extraOptions: { errorToast, fieldErrors: true },
    }),
    /**
     * The signed-in user's profile as the server holds it now: a role granted or a name changed on another
     * device shows without signing in again (app/session-listeners.ts keeps the session's copy in step).
     */
    profile: build.query<User, void>({
      query: () => '/user/profile',
      transformResponse: (response: ProfileResponse) => response.user,
      providesTags: ['Profile'],
    }),
  }),
});

export const { useLoginMutation, useSignupMutation } = authApi;
