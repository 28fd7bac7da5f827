import { skipToken } from '@reduxjs/toolkit/query';
import type { CloseButtonProps } from 'react-toastify/unstyled';
import { notify, showOnce } from './notify';
import { api, LIST_TAGS, PLAYLISTS_LIST } from './api';
import { GENERIC_ERROR } from './server-errors';
import type { ActivityItem, UndoPreviewResponse, UndoResponse } from './types';

// Every list action can be undone: its success toast carries "Undo", and the activity page has a
// button for it. Shared here so that each feature offers it without importing another.
const undoApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reverts the user's latest list action; the server answers with what it reverted (409: nothing to undo). */
    /** What an undo would revert now (null: nothing), so that the button can say it before it is pressed. */
    getUndoPreview: build.query<ActivityItem | null, void>({
      query: () => '/user/undo',
      transformResponse: (response: UndoPreviewResponse) => response.next,
      // A playlist's live change reads again the list of playlists (PLAYLISTS_LIST), not the whole type.
      providesTags: [...LIST_TAGS, PLAYLISTS_LIST],
    }),
    undo: build.mutation<UndoResponse, void>({
      query: () => ({ url: '/user/undo', method: 'POST' }),
      extraOptions: { errorToast: GENERIC_ERROR },
      // Any list may have changed (and after a failure nobody knows): every list is read again.
      invalidatesTags: [...LIST_TAGS],
    }),
  }),
});

/** The action the next undo would revert, read again each time the asking page opens. */
export function useUndoPreview(arg: void | typeof skipToken) {
  return undoApi.useGetUndoPreviewQuery(arg, { refetchOnMountOrArgChange: true });
}

/**
 * POST /user/undo, then says what was undone (a failure says the server's reason), and which videos were not
 * put back: those retired since, which no list takes in again.
 */
export function useUndo() {
  const [undo] = undoApi.useUndoMutation();
  return async (): Promise<void> => {
    const { data } = await undo();
    if (!data) return;
    // The sentences (every event type's) are the activity page's: fetched with its chunk, or here on the
    // first undo, never with the first screen (README, "Speed on a phone").
    const { plainSentence } = await import('./activity');
    notify.success(`Undone: ${plainSentence(data.undone)}${notPutBack(data.skipped.length)}`);
  };
}

/** The end of an undo's toast when it left videos out. */
function notPutBack(skipped: number): string {
  if (skipped === 0) return '';
  return skipped === 1
    ? '. The video is no longer available, so it was not put back.'
    : `. ${skipped} videos are no longer available, so they were not put back.`;
}

/**
 * Sits where the toast's close button would: outside the toast's text, which stays exactly the
 * message. Stopping the click keeps the toast's own close-on-click from running twice.
 */
function UndoButton({ closeToast }: CloseButtonProps) {
  const undo = useUndo();
  return (
    <button
      type="button"
      className="toast-undo"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
        void undo();
      }}
    >
      Undo
    </button>
  );
}

/** The success toast of a list action, with "Undo" for as long as it shows. */
export const notifyUndoable = (message: string) => showOnce('success', message, { closeButton: UndoButton });

/** For a list action's result: on success, its toast with "Undo"; a failure was already reported by its endpoint's policy. */
export const undoableOnSuccess =
  (message: string) =>
  ({ error }: { error?: unknown }) => {
    if (!error) notifyUndoable(message);
  };
