/**
 * Staff selections of articles or editors for documents and exports (index page, certificate
 * zips, Crossref/DOAJ files, DOI assignment): the body is `{"<key>": [...]}` or a bare JSON
 * array; values are checked, de-duplicated and counted here, with no HTTP involved.
 */
import { SELECTION_MESSAGES as M } from "./messages.ts";

/** Most articles (index page, certificates) or editors one request may select. */
const MAX_SELECTION = 200;

/**
 * Largest selection body read at all (enough to say clearly that 10,000 refnumbers are too many):
 * the Worker's body cap of /api/pdf, /api/export and /api/doi (app/http/body.ts) answers a
 * larger one 413 before any handler runs.
 */
export const MAX_SELECTION_BYTES = 512 * 1024;

/**
 * Header of a certificate zip answer naming the selected articles left out of it because they are
 * not published (their refnumbers, comma-separated): the admin says so after the download.
 */
export const LEFT_OUT_HEADER = "x-left-out-refnumbers";

type SelectionResult<T> = { ok: true; values: T[] } | { ok: false; error: string; message: string };

/** Checks a parsed selection body. `parse` returns null for an invalid value. */
function parseSelection<T>(body: unknown, key: string, noun: string, parse: (v: unknown) => T | null): SelectionResult<T> {
  const list = Array.isArray(body) ? body : body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) return { ok: false, error: "invalid_selection", message: M.invalidShape(noun, key) };
  const values: T[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    const value = parse(item);
    if (value === null) return { ok: false, error: "invalid_selection", message: M.invalidValue(noun, JSON.stringify(item)?.slice(0, 40) ?? "") };
    const k = String(value);
    if (!seen.has(k)) {
      seen.add(k);
      values.push(value);
    }
  }
  if (!values.length) return { ok: false, error: "empty_selection", message: M.empty(noun) };
  if (values.length > MAX_SELECTION) return { ok: false, error: "too_many", message: M.tooMany(MAX_SELECTION, noun, values.length) };
  return { ok: true, values };
}

/** Parses a selection body's text (the content type already checked). */
export function parseSelectionText<T>(text: string, key: string, noun: string, parse: (v: unknown) => T | null): SelectionResult<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: "malformed_json", message: M.malformedJson(key) };
  }
  return parseSelection(body, key, noun, parse);
}

export function parseRefnumber(v: unknown): string | null {
  const s = typeof v === "number" && Number.isSafeInteger(v) ? String(v) : typeof v === "string" ? v.trim() : "";
  return /^[A-Za-z0-9]{1,40}$/.test(s) ? s : null;
}

export function parseEditorId(v: unknown): number | null {
  if (typeof v === "number") return Number.isSafeInteger(v) && v > 0 ? v : null;
  if (typeof v !== "string" || !/^\d{1,12}$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return n > 0 ? n : null;
}

/** A certificate URL's author segment: a 1-based byline position, or null. */
export function parseAuthorPosition(v: string): number | null {
  return /^\d{1,3}$/.test(v) && Number(v) >= 1 ? Number(v) : null;
}
