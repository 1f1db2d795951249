import { useEffect, useId, useRef, useState, type RefObject } from "react";
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

/**
 * A form whose submit asks first. Its submit handler reads `wasConfirmed()` (true once, for the
 * submit the dialog's confirm button sends again) and, to ask, prevents the submit and calls
 * `ask()`; `dialog` goes on the ConfirmDialog and `formRef` on the form (or pass the form's own ref).
 */
export function useConfirmFirst(formRef?: RefObject<HTMLFormElement | null>) {
  const [open, setOpen] = useState(false);
  const confirmed = useRef(false);
  const own = useRef<HTMLFormElement>(null);
  const ref = formRef ?? own;
  return {
    formRef: ref,
    wasConfirmed: () => {
      const was = confirmed.current;
      confirmed.current = false;
      return was;
    },
    ask: () => setOpen(true),
    dialog: {
      open,
      onCancel: () => setOpen(false),
      onConfirm: () => {
        setOpen(false);
        confirmed.current = true;
        ref.current?.requestSubmit();
      },
    },
  };
}
