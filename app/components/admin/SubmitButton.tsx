import type { ReactNode } from "react";

/**
 * A form's submit button: while the form is being sent it shows the spinner and its busy words
 * (`busyLabel`) and is disabled, so the person sees the click was taken.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = "btn btn-primary",
  disabled = busy,
  title,
}: {
  busy: boolean;
  label: ReactNode;
  busyLabel: ReactNode;
  className?: string;
  /** When the button is off (default: while busy). */
  disabled?: boolean;
  title?: string;
}) {
  return (
    <button type="submit" className={className} disabled={disabled} title={title}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
