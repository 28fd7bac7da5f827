import { api } from '@/lib/api';
import type { User } from '@/lib/types';

interface Credentials {
  email: string;
  password: string;
}

export interface LoginRequest extends Credentials {
  /** Kept by the client only (where the session is stored); never sent. */
  remember?: boolean;
}

export interface SignupRequest extends Credentials {
  firstName: string;
  lastName: string;
}

// A failed login or signup says the server's reason, or this (sic).
const errorToast = 'Something went wrong !! ...Try again later';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ encodedToken: string; foundUser: User }, LoginRequest>({
      query: ({ email, password }) => ({ url: '/auth/login', method: 'POST', body: { email, password } }),
      // A 400 (a field the server refused) is shown beside its field by the form, in plain words.
      extraOptions: { errorToast, fieldErrors: true },
    }),
    signup: build.mutation<{ encodedToken: string; createdUser: User }, SignupRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
      extraOptions: { errorToast, fieldErrors: true },
    }),
  }),
});

export const { useLoginMutation, useSignupMutation } = authApi;
