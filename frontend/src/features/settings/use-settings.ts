import { skipToken } from '@reduxjs/toolkit/query';
import { useToken } from '@/app/hooks';
import { useGetSettingsQuery } from './settings-api';

/** The signed-in user's settings (nothing for a guest). */
export function useSettings() {
  const token = useToken();
  return useGetSettingsQuery(token ?? skipToken);
}
