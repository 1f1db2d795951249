import { useEffect, useId, useRef } from "react";
import { Modal } from "./Modal";

/**
 * Asks before a change readers will notice: removing the logo, disabling an
 * article or an editor. Says what readers will stop seeing; Cancel has the focus, so Enter or
 * Escape on a stray keypress changes nothing.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) cancel.current?.focus();
  }, [open]);
  return (
    <Modal open={open} onClose={onCancel} labelledBy={`${id}-title`} describedBy={`${id}-body`} className="confirm-modal" alert>
      <h2 id={`${id}-title`} className="modal-title">
        {title}
      </h2>
      <p id={`${id}-body`}>{body}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" ref={cancel} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
