import { api } from '@/lib/api';
import type { User } from '@/lib/types';

interface LoginRequest {
  email: string;
  password: string;
}

export interface SignupRequest extends LoginRequest {
  firstName: string;
  lastName: string;
}

// SPEC §8: a failed login or signup says the server's reason, or this (sic).
const errorToast = 'Something went wrong !! ...Try again later';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ encodedToken: string; foundUser: User }, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: { errorToast },
    }),
    signup: build.mutation<{ encodedToken: string; createdUser: User }, SignupRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
      extraOptions: { errorToast },
    }),
  }),
});

export const { useLoginMutation, useSignupMutation } = authApi;
