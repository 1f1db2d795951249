import type { ReactNode } from "react";

/** aria attributes tying an input to its hint and error message. */
export function describe(id: string, error?: string, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

/** A labelled form field with an optional hint and the field's error message under it. */
export function Field({
  id,
  label,
  required = false,
  error,
  hint,
  className = "",
  children,
  labelAs = "label",
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
  /** 'span' for widgets that are not labelable elements (rich-text editor, radio groups). */
  labelAs?: "label" | "span";
}) {
  const Label = labelAs;
  return (
    <div className={`field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`}>
      <Label className="field-label" id={`${id}-label`} {...(labelAs === "label" ? { htmlFor: id } : {})}>
        {label}
        {required ? (
          <span className="req" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error under it (`{id}-error`, which describe() names in aria-describedby); nothing when there is none. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field-error" id={`${id}-error`}>
      <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
        <path fill="currentColor" d="M10 1.7a8.3 8.3 0 1 0 0 16.6 8.3 8.3 0 0 0 0-16.6zM9 5h2v6H9zm0 8h2v2H9z" />
      </svg>
      <span>{error}</span>
    </p>
  ) : null;
}
