import { LIST_TAGS } from '@/lib/api';
import { optimisticThenServer, sameList } from '@/lib/optimistic-update';
import { GENERIC_ERROR } from '@/lib/server-errors';
import { settingsQuery, toSettings, type HistoryRetention, type UserSettings } from '@/lib/settings';
import type { ImportBody, ImportResult, SettingsBody } from '@/lib/types';

/** GET /user/export's document (ExportDocumentSchema) as the text to save, and the file's name. */
interface ExportFile {
  text: string;
  filename: string;
}

/** techtube-library-YYYY-MM-DD.json for today's date, when the server did not name the file. */
function exportFilename(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `techtube-library-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The name in `content-disposition: attachment; filename="…"`, if it is a plain file name. */
function attachmentName(header: string | null | undefined): string | undefined {
  const name = header && /filename="([^"/\\]+)"/.exec(header)?.[1];
  return name || undefined;
}

const settingsApi = settingsQuery.injectEndpoints({
  endpoints: (build) => ({
    setHistoryPaused: build.mutation<UserSettings, boolean>({
      query: (historyPaused) => ({ url: '/user/settings', method: 'PUT', body: { historyPaused } satisfies SettingsBody }),
      transformResponse: toSettings,
      // The library controls toast their failures, with the server's reason when it gave one.
      extraOptions: { errorToast: GENERIC_ERROR },
      invalidatesTags: (_result, error) => (error ? ['Settings'] : []),
      onQueryStarted: (historyPaused, lifecycle) =>
        optimisticThenServer<UserSettings, UserSettings>(
          lifecycle,
          (recipe) => settingsQuery.util.updateQueryData('getSettings', undefined, recipe),
          (settings) => ({ ...settings, historyPaused }),
          sameList,
        ),
    }),
    // The setting shows at once; which history entries it removed only the server knows, so the history is read again.
    setHistoryRetention: build.mutation<UserSettings, HistoryRetention>({
      query: (historyRetention) => ({ url: '/user/settings', method: 'PUT', body: { historyRetention } satisfies SettingsBody }),
      transformResponse: toSettings,
      extraOptions: { errorToast: GENERIC_ERROR },
      invalidatesTags: (_result, error) => (error ? ['Settings'] : ['History', 'HistorySearch']),
      onQueryStarted: (historyRetention, lifecycle) =>
        optimisticThenServer<UserSettings, UserSettings>(
          lifecycle,
          (recipe) => settingsQuery.util.updateQueryData('getSettings', undefined, recipe),
          (settings) => ({ ...settings, historyRetention }),
          sameList,
        ),
    }),
    // A mutation, not a query: every click asks for the library as it is now, and nothing is cached.
    exportLibrary: build.mutation<ExportFile, void>({
      query: () => ({ url: '/user/export', responseHandler: 'text' }),
      extraOptions: { errorToast: GENERIC_ERROR },
      transformResponse: (text: string, meta) => ({
        text,
        filename: attachmentName(meta?.response?.headers.get('content-disposition')) ?? exportFilename(),
      }),
    }),
    importLibrary: build.mutation<ImportResult, ImportBody>({
      // No toast: the import card lists every reason the server gave.
      query: (body) => ({ url: '/user/import', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [...LIST_TAGS]),
    }),
  }),
});

export const { useSetHistoryPausedMutation, useSetHistoryRetentionMutation, useExportLibraryMutation, useImportLibraryMutation } =
  settingsApi;
