import { api } from '@/lib/api';
import type { NewTokenResponse, PasswordBody, ProfileBody, ProfileResponse, User } from '@/lib/types';

const GENERIC = 'Something went wrong ...Try Again Later';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, ProfileBody>({
      query: (body) => ({ url: '/user/profile', method: 'PATCH', body }),
      transformResponse: (response: ProfileResponse) => response.user,
      extraOptions: { errorToast: GENERIC },
    }),
    /** Answers a fresh token: every other one (other devices) is refused from now on. */
    changePassword: build.mutation<NewTokenResponse, PasswordBody>({
      query: (body) => ({ url: '/user/password', method: 'POST', body }),
      extraOptions: { errorToast: GENERIC },
    }),
    revokeSessions: build.mutation<NewTokenResponse, void>({
      query: () => ({ url: '/user/sessions/revoke', method: 'POST' }),
      extraOptions: { errorToast: GENERIC },
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation, useRevokeSessionsMutation } = accountApi;
