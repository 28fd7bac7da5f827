import { api } from '@/lib/api';
import type { User } from '@/lib/types';

const GENERIC = 'Something went wrong ...Try Again Later';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, { firstName?: string; lastName?: string }>({
      query: (body) => ({ url: '/user/profile', method: 'PATCH', body }),
      transformResponse: (response: { user: User }) => response.user,
      extraOptions: { errorToast: GENERIC },
    }),
    /** Answers a fresh token: every other one (other devices) is refused from now on. */
    changePassword: build.mutation<{ encodedToken: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/user/password', method: 'POST', body }),
      extraOptions: { errorToast: GENERIC },
    }),
    revokeSessions: build.mutation<{ encodedToken: string }, void>({
      query: () => ({ url: '/user/sessions/revoke', method: 'POST' }),
      extraOptions: { errorToast: GENERIC },
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation, useRevokeSessionsMutation } = accountApi;
