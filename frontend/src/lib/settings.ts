import { api } from './api';
import { useUserArg } from './hooks';
import type { SettingsResponse, UserSettings } from './types';

export type { HistoryRetention, UserSettings } from './types';

export const toSettings = (response: SettingsResponse) => response.settings;

// Shared: the history feature reads whether history is paused, the settings page changes it.
export const settingsQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<UserSettings, void>({
      query: () => '/user/settings',
      transformResponse: toSettings,
      providesTags: ['Settings'],
    }),
  }),
});

/** The signed-in user's settings (nothing for a guest). */
export function useSettings() {
  return settingsQuery.useGetSettingsQuery(useUserArg(undefined));
}
