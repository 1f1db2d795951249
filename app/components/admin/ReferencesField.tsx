import { useMemo, useState } from "react";
import { parseReferences, referenceDoi, referencesText } from "../../lib/references";
import { describe, Field } from "./Field";

/**
 * The reference list: pasted as it comes (numbered, bulleted, wrapped lines from a PDF, or one
 * per line) and tidied to one reference per line when the field is left — the form the server
 * stores — with a count of the references and of the DOIs recognised in them.
 */
export function ReferencesField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const refs = useMemo(() => parseReferences(value), [value]);
  const dois = refs.filter((r) => referenceDoi(r)).length;
  const [rows, setRows] = useState(() => Math.min(16, Math.max(4, value.split("\n").length + 1)));
  const hint = "Paste the list as it is, numbered or not, one reference per line or wrapped; it is tidied to one per line. DOIs are recognised and linked.";
  return (
    <Field id="references" label="References" error={error} hint={hint}>
      <textarea
        {...describe("references", error, hint)}
        name="references"
        value={value}
        rows={rows}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          const tidy = referencesText(parseReferences(value));
          if (tidy !== value) onChange(tidy);
          setRows(Math.min(16, Math.max(4, tidy.split("\n").length + 1)));
          onBlur();
        }}
      />
      <p className="references-count" aria-live="polite">
        {refs.length
          ? `${refs.length} reference${refs.length === 1 ? "" : "s"}, ${dois} with a DOI`
          : "No references yet."}
      </p>
    </Field>
  );
}
