import { useId, useState } from "react";
import { CREATIVE_COMMONS, licenseOf } from "../../lib/licenses";
import { describe, Field } from "./Field";

const OTHER = "other";

/**
 * A licence: one of the Creative Commons licences from a list, or any licence by its web
 * address ("Other licence…"). The value (a URL; '' = the journal's, when `journalDefault` is
 * given) travels in a hidden input named `name`.
 */
export function LicenseField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  journalDefault,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** The journal's licence URL: offered as the first choice, stored as ''. */
  journalDefault?: string;
}) {
  const known = CREATIVE_COMMONS.some((l) => l.url === value);
  const [other, setOther] = useState(!known && !(journalDefault !== undefined && value === ""));
  const choice = other ? OTHER : value;
  const urlId = `${id}-url`;
  const hintId = useId();
  return (
    <Field id={id} label={label} error={other ? undefined : error} hint={hint}>
      <select
        {...describe(id, other ? undefined : error, hint)}
        value={choice}
        onChange={(e) => {
          const next = e.target.value;
          setOther(next === OTHER);
          onChange(next === OTHER ? (known || value === "" ? "" : value) : next);
          if (next === OTHER) requestAnimationFrame(() => document.getElementById(urlId)?.focus());
        }}
      >
        {journalDefault !== undefined ? <option value="">The journal's licence ({licenseOf(journalDefault).short})</option> : null}
        {CREATIVE_COMMONS.map((l) => (
          <option key={l.url} value={l.url}>
            {l.short} — {l.name}
          </option>
        ))}
        <option value={OTHER}>Other licence (enter its web address)…</option>
      </select>
      {other ? (
        <div className="license-other">
          <label className="field-label" htmlFor={urlId}>
            Licence web address
          </label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            value={value}
            placeholder="https://…"
            maxLength={500}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${urlId}-error` : hintId}
            onChange={(e) => onChange(e.target.value)}
          />
          <p className="field-hint" id={hintId}>
            The page where the licence's terms are published.
          </p>
          {error ? (
            <p className="field-error" id={`${urlId}-error`}>
              <span>{error}</span>
            </p>
          ) : null}
        </div>
      ) : null}
      <input type="hidden" name={name} value={value} />
    </Field>
  );
}
