import { api } from '@/lib/api';
import type { AccountDeletedResponse, DeleteAccountBody } from '@/lib/types';

const accountDeletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No toast: the confirmation dialog shows the server's reason (a wrong password) where it was typed.
    deleteAccount: build.mutation<AccountDeletedResponse, DeleteAccountBody>({
      query: (body) => ({ url: '/user', method: 'DELETE', body }),
    }),
  }),
});

export const { useDeleteAccountMutation } = accountDeletionApi;
