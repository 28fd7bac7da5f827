import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icons';
import { hostToastsIn } from './toast-layer';
import './modal.css';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab stops at inside `root`, in document order (hidden ones excluded). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

/**
 * A native <dialog> opened with showModal(), which makes the rest of the page inert. On top of
 * that: Tab and Shift+Tab cycle inside the dialog (rather than escaping to the browser's own
 * controls), Escape closes it, and focus goes back to the control that opened it.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The control that opened the dialog (a menu returns focus to its button before acting).
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const giveToastsBack = hostToastsIn(dialog);
    return () => {
      giveToastsBack();
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const stops = tabbables(ref.current);
    if (stops.length === 0) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const active = document.activeElement;
    const inside = active instanceof HTMLElement && stops.includes(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="modal-title"
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (a cancel it would not let us prevent): keep state in step.
        // A close() of our own is followed by showModal() (StrictMode) or by unmounting.
        if (ref.current && !ref.current.open && ref.current.isConnected) onClose();
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
