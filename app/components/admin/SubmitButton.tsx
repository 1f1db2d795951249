import type { ReactNode } from "react";
import { Link } from "react-router";
import { FIELD_MESSAGES } from "../../schemas/messages";

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

/**
 * The end of a record's add/edit form: after a refused submit, what to do about the fields in
 * red (fill them in when only required ones are missing, otherwise correct them), then Cancel
 * (back to the list) and the submit button, kept in view while the form scrolls.
 */
export function RecordFormActions({ errors, submitted, busy, cancelTo, label }: { errors: Record<string, string>; submitted: boolean; busy: boolean; cancelTo: string; label: string }) {
  return (
    <>
      {submitted && Object.keys(errors).length ? (
        <p className="form-summary" role="alert">
          {Object.values(errors).every((e) => e === FIELD_MESSAGES.required) ? "Fill in the fields highlighted in red." : "Correct the fields highlighted in red."}
        </p>
      ) : null}
      <div className="form-actions sticky-actions">
        <Link to={cancelTo} className="btn btn-ghost">
          Cancel
        </Link>
        <SubmitButton busy={busy} className="btn btn-primary btn-large" label={label} busyLabel="Saving…" />
      </div>
    </>
  );
}
