import { Modal } from '@/components/modal';

/** "Are you sure?" before a change the whole catalogue sees. */
export function ConfirmDialog({
  title,
  text,
  action,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <p className="studio-confirm__text">{text}</p>
      <div className="studio-form__actions">
        <button type="button" className="btn btn--outline" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {action}
        </button>
      </div>
    </Modal>
  );
}
