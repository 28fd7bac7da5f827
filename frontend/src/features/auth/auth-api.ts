import { api } from '@/app/api';
import type { User } from '@/app/types';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface SignupRequest extends LoginRequest {
  firstName: string;
  lastName: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ encodedToken: string; foundUser: User }, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    signup: build.mutation<{ encodedToken: string; createdUser: User }, SignupRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useSignupMutation } = authApi;
