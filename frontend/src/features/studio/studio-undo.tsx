import type { CloseButtonProps } from 'react-toastify/unstyled';
import { showOnce } from '@/lib/notify';

/**
 * A studio change's success toast with "Undo" where its close button would be (as the lists' toasts
 * have it, lib/undo.tsx), undoing by the inverse operator call: a retire's undo is a restore.
 */
export function notifyWithUndo(message: string, undo: () => void) {
  function UndoButton({ closeToast }: CloseButtonProps) {
    return (
      <button
        type="button"
        className="toast-undo"
        onClick={(event) => {
          event.stopPropagation();
          closeToast(true);
          undo();
        }}
      >
        Undo
      </button>
    );
  }
  showOnce('success', message, { closeButton: UndoButton });
}
