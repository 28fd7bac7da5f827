import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons';
import './modal.css';

/**
 * A native <dialog> opened with showModal(): the browser gives focus containment, Escape to close
 * and an inert background for free.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="modal-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal__body">
      <div className="modal__head">
        <h2 id="modal-title" className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {children}
      </div>
    </dialog>
  );
}
