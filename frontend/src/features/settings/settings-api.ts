import { api, LIST_TAGS } from '@/app/api';
import { optimisticThenServer, sameList } from '@/app/optimistic-update';
import { tokenOf } from '@/app/session-token';

export interface UserSettings {
  historyPaused: boolean;
}

type SettingsResponse = { settings: UserSettings };
const toSettings = (response: SettingsResponse) => response.settings;

/** POST /user/import: an export document, or a CSV of videos for one playlist. */
export type ImportRequest = Record<string, unknown> | { format: 'csv'; playlist: string; csv: string };

export interface ImportResult {
  imported: { likes: number; watchlater: number; history: number; playlists: number; playlistVideos: number };
  unknownVideoIds: string[];
}

export interface ExportFile {
  text: string;
  filename: string;
}

/** techtube-library-YYYY-MM-DD.json for today's date, when the server did not name the file. */
export function exportFilename(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `techtube-library-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The name in `content-disposition: attachment; filename="…"`, if it is a plain file name. */
function attachmentName(header: string | null | undefined): string | undefined {
  const name = header && /filename="([^"/\\]+)"/.exec(header)?.[1];
  return name || undefined;
}

// Keyed by session token, like the user lists.
const settingsQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<UserSettings, string>({
      query: () => '/user/settings',
      transformResponse: toSettings,
      providesTags: ['Settings'],
    }),
  }),
});

export const settingsApi = settingsQuery.injectEndpoints({
  endpoints: (build) => ({
    setHistoryPaused: build.mutation<UserSettings, boolean>({
      query: (historyPaused) => ({ url: '/user/settings', method: 'PUT', body: { historyPaused } }),
      transformResponse: toSettings,
      invalidatesTags: (_result, error) => (error ? ['Settings'] : []),
      onQueryStarted: (historyPaused, lifecycle) =>
        optimisticThenServer<UserSettings, UserSettings>(
          lifecycle,
          (recipe) => settingsQuery.util.updateQueryData('getSettings', tokenOf(lifecycle), recipe),
          (settings) => ({ ...settings, historyPaused }),
          sameList,
        ),
    }),
    // A mutation, not a query: every click asks for the library as it is now, and nothing is cached.
    exportLibrary: build.mutation<ExportFile, void>({
      query: () => ({ url: '/user/export', responseHandler: 'text' }),
      transformResponse: (text: string, meta) => ({
        text,
        filename: attachmentName(meta?.response?.headers.get('content-disposition')) ?? exportFilename(),
      }),
    }),
    importLibrary: build.mutation<ImportResult, ImportRequest>({
      query: (body) => ({ url: '/user/import', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...LIST_TAGS]),
    }),
  }),
});

export const { useGetSettingsQuery, useSetHistoryPausedMutation, useExportLibraryMutation, useImportLibraryMutation } = settingsApi;
