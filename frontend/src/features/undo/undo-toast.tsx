import { toast, type CloseButtonProps } from 'react-toastify/unstyled';
import { notifyServerError } from '@/app/error-toast-middleware';
import { useAppDispatch } from '@/app/hooks';
import type { AppDispatch } from '@/app/store';
import { notify, randomToastId } from '@/components/toasts';
import { plainSentence } from '@/features/activity/activity-sentence';
import { undoApi } from './undo-api';

/** POST /user/undo, then says what was undone, or the server's reason (409: nothing to undo). */
export async function undoLastAction(dispatch: AppDispatch): Promise<void> {
  const request = dispatch(undoApi.endpoints.undo.initiate());
  try {
    const undone = await request.unwrap();
    notify.success(`Undone: ${plainSentence(undone)}`);
  } catch (error) {
    notifyServerError(error);
  } finally {
    request.reset();
  }
}

/**
 * Sits where the toast's close button would: outside the toast's text, which stays exactly the
 * message. Stopping the click keeps the toast's own close-on-click from running twice.
 */
function UndoButton({ closeToast }: CloseButtonProps) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className="toast-undo"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
        void undoLastAction(dispatch);
      }}
    >
      Undo
    </button>
  );
}

/** The success toast of a list action, with "Undo" for as long as it shows. */
export const notifyUndoable = (message: string) => toast.success(message, { toastId: randomToastId(), closeButton: UndoButton });
