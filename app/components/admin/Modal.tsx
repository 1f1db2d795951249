import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog> element: the browser traps focus, dims the page, closes on
 * Escape and returns focus to where it was. `open` drives it from React state.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  alert = false,
  className = "",
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  /** Announce as an alert dialog (errors). */
  alert?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`modal ${className}`}
      role={alert ? "alertdialog" : "dialog"}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? <div className="modal-panel">{children}</div> : null}
    </dialog>
  );
}
