/**
 * Which stored fields hold HTML, and the allowlist each is cleaned to, on every write. The one
 * map: validation reads it (so "required" means required after cleaning), the model writes
 * apply it to every row they store (admin, API, factories, seed, CLI alike), and the one-off
 * cleanup of existing rows (migration 0012, `scripts/clean-html.ts`) runs the same function.
 * `"text"` fields are shown as text but were once stored raw: markup is removed from them.
 */
import { htmlToText, INLINE_PROFILE, RICH_PROFILE, sanitizeHtml, TITLE_PROFILE, type SanitizeProfile } from "../lib/html.ts";

export const HTML_FIELDS = {
  articles: { title: TITLE_PROFILE, abstract: RICH_PROFILE },
  editors: { name: "text", post: INLINE_PROFILE, content: RICH_PROFILE },
  settings: { formatted_journal_name: INLINE_PROFILE, home_content: RICH_PROFILE },
} as const satisfies Record<string, Record<string, SanitizeProfile | "text">>;

export type HtmlEntity = keyof typeof HTML_FIELDS;

/** One field's value cleaned by the one server sanitiser (app/lib/html.ts). Idempotent. */
export function cleanField(entity: HtmlEntity, field: string, value: string): string {
  const profile = (HTML_FIELDS[entity] as Record<string, SanitizeProfile | "text">)[field];
  if (!profile) return value;
  return profile === "text" ? htmlToText(value) : sanitizeHtml(value, profile).trim();
}

/** The given values with every HTML field present cleaned; other fields untouched. */
export function cleanHtmlFields<T extends object>(entity: HtmlEntity, values: T): T {
  const out = { ...values } as Record<string, unknown>;
  for (const field of Object.keys(HTML_FIELDS[entity])) {
    const value = out[field];
    if (typeof value === "string") out[field] = cleanField(entity, field, value);
  }
  return out as T;
}
