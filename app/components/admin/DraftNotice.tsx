import { SESSION_MESSAGES } from "../../schemas/messages";

/** What a page says when it brought back the values typed before a session ended. */
export function DraftNotice({ draft }: { draft: { values: Record<string, string> | null; files: string[] } }) {
  if (!draft.values) return null;
  return (
    <div className="draft-notice" role="status">
      <strong>{SESSION_MESSAGES.draftRestored}</strong>
      {draft.files.length ? <span>{SESSION_MESSAGES.reselectFile(draft.files.map((f) => `“${f}”`).join(", "))}</span> : null}
    </div>
  );
}

/** `initial` with the draft's values for the same fields (nothing else a draft holds gets in). */
export function withDraft<T extends Record<string, string>>(initial: T, values: Record<string, string> | null): T {
  if (!values) return initial;
  const out: Record<string, string> = { ...initial };
  for (const key of Object.keys(initial)) if (typeof values[key] === "string") out[key] = values[key];
  return out as T;
}
