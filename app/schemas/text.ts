import type { Input } from "./common.ts";
import { FIELD_MESSAGES } from "./messages.ts";

/**
 * Characters no text field may hold: NUL and the other C0 controls except tab, line feed and
 * carriage return, DEL, the noncharacters U+FFFE and U+FFFF, and unpaired surrogates. XML 1.0
 * cannot carry most of them (the Crossref, DOAJ, JATS, OAI-PMH and feed files would break), no
 * reader can see them, and they arrive only by accident (a paste from a PDF or a word
 * processor). Refused on write with a message naming the character, for every text field of
 * articles, editors, issues and settings (admin forms and the API alike); migration 0020 removed
 * them from the rows stored before (docs/decisions/022-backups.md).
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first forbidden character of `value` as `U+XXXX`, or null when it has none. */
export function forbiddenCharacter(value: string): string | null {
  const m = FORBIDDEN.exec(value);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}

/** The field message for each of `keys` whose value (as sent, before any trimming) holds one. */
export function forbiddenCharacterErrors(input: Input, keys: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of keys) {
    const value = input[key];
    if (typeof value !== "string") continue;
    const found = forbiddenCharacter(value);
    if (found) fields[key] = FIELD_MESSAGES.controlCharacter(found);
  }
  return fields;
}
