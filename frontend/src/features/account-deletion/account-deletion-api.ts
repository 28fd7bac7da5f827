import { api } from '@/lib/api';

const accountDeletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No toast: the confirmation dialog shows the server's reason (a wrong password) where it was typed.
    deleteAccount: build.mutation<{ deleted: boolean }, { password: string }>({
      query: (body) => ({ url: '/user', method: 'DELETE', body }),
    }),
  }),
});

export const { useDeleteAccountMutation } = accountDeletionApi;
