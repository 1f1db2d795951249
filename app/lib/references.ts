/**
 * An article's reference list: stored as text, one reference per line (API field `references`),
 * however staff paste it — numbered ('1.', '[1]', '(1)', '1)'), bulleted, wrapped over several
 * lines as a PDF copies it, or one per line. DOIs are recognised in each reference (a bare DOI,
 * 'doi:' or a doi.org link) for Crossref's <citation_list>, JATS <pub-id> and the page's links.
 * Browser-safe: the form previews the list with the function the server stores it with.
 */
import { DOI_SYNTAX } from "./doi.ts";

/** At most this many references, each at most this long (a pasted list is far shorter). */
export const MAX_REFERENCES = 500;
export const MAX_REFERENCE_LENGTH = 2000;

// A number or bullet that starts a reference: '1.', '1)', '[1]', '(1)', '•', '-', '–', '*'.
const MARKER = /^\s*(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)](?=\s|$)|[•\u2013\u2014*-](?=\s))\s*/u;
const NUMBERED = /^\s*(?:\[(\d{1,3})\]|\((\d{1,3})\)|(\d{1,3})[.)](?=\s|$))/u;

const BULLET = /^\s*[•\u2013\u2014*-]\s/u;

const numberOf = (line: string) => {
  const m = NUMBERED.exec(line);
  return m ? Number(m[1] ?? m[2] ?? m[3]) : null;
};

/** Joins a line wrapped by a PDF to the text before it: no space after a hyphen or slash that ended the line. */
function join(before: string, line: string): string {
  return /[-/]$/.test(before) ? `${before}${line}` : `${before} ${line}`;
}

/**
 * The references in a pasted text, in order, numbering and bullets removed, whitespace
 * collapsed. When lines start with numbers, a line without one continues the reference above
 * (a wrapped line); otherwise paragraphs separated by blank lines are one reference each when
 * there are any, and single lines when there are none.
 */
export function parseReferences(text: string): string[] {
  const lines = text.replace(/\r\n?/g, "\n").replace(/[\u2028\u2029]/g, "\n").split("\n").map((l) => l.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trimEnd());
  const filled = lines.filter((l) => l.trim());
  const numbered = filled.filter((l) => NUMBERED.test(l)).length;
  const out: string[] = [];
  if (numbered >= 2 && numbered >= filled.length / 4) {
    // A number starts the next reference only when it is the next number: a wrapped line that
    // happens to begin '12.' (a volume, a page) stays with its reference.
    let expected: number | null = null;
    for (const line of filled) {
      const n = numberOf(line);
      if (n !== null && (expected === null || n === expected)) {
        out.push(line.replace(MARKER, "").trim());
        expected = n + 1;
      } else if (!out.length) {
        out.push(line.trim());
      } else {
        out[out.length - 1] = join(out[out.length - 1], line.trim());
      }
    }
  } else if (filled.filter((l) => BULLET.test(l)).length >= 2) {
    // A bulleted list: a bullet or a blank line before it starts a reference, other lines continue one.
    let blank = true;
    for (const line of lines) {
      if (!line.trim()) {
        blank = true;
        continue;
      }
      if (BULLET.test(line) || blank) out.push(line.replace(MARKER, "").trim());
      else out[out.length - 1] = join(out[out.length - 1], line.trim());
      blank = false;
    }
  } else if (hasWrappedParagraphs(lines)) {
    let current: string | null = null;
    for (const line of lines) {
      if (!line.trim()) {
        if (current !== null) out.push(current);
        current = null;
        continue;
      }
      const bare = line.replace(MARKER, "").trim();
      current = current === null ? bare : join(current, bare);
    }
    if (current !== null) out.push(current);
  } else {
    for (const line of filled) out.push(line.replace(MARKER, "").trim());
  }
  return out.map((r) => r.replace(/\s+/g, " ").trim()).filter(Boolean);
}

/** Whether blank lines separate paragraphs and some paragraph runs over several lines (a wrapped list). */
function hasWrappedParagraphs(lines: string[]): boolean {
  const paragraphs = lines.join("\n").trim().split(/\n\s*\n/);
  return paragraphs.length > 1 && paragraphs.some((p) => p.includes("\n"));
}

/** The stored form: one reference per line. */
export function referencesText(list: string[]): string {
  return list.join("\n");
}

/** The stored text as a list (one reference per line). */
export function referenceList(stored: string | null | undefined): string[] {
  return (stored ?? "").split("\n").map((r) => r.trim()).filter(Boolean);
}

// 'doi:', 'DOI ', 'https://doi.org/', 'http://dx.doi.org/' or nothing, then the DOI (its slash
// percent-encoded in some copied links).
const DOI_IN_TEXT = /(?:\bdoi:?\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}(?:\/|%2F)[^\s"<>]+)/iu;

/**
 * The DOI a reference names, or null — with where it stands in the text (for a link there). A
 * sentence's full stop, a comma or a closing bracket that does not belong to it is not part of
 * the DOI; a DOI Crossref's pattern does not accept is not recognised.
 */
export function referenceDoi(reference: string): { doi: string; start: number; end: number } | null {
  const m = DOI_IN_TEXT.exec(reference);
  if (!m) return null;
  let raw = m[1];
  for (;;) {
    const trimmed = raw.replace(/[.,;:]+$/, "");
    const unbalanced = trimmed.endsWith(")") && (trimmed.match(/\(/g) ?? []).length < (trimmed.match(/\)/g) ?? []).length;
    const next = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === raw) break;
    raw = next;
  }
  let doi = raw;
  try {
    if (/%[0-9a-f]{2}/i.test(doi)) doi = decodeURIComponent(doi);
  } catch {
    return null;
  }
  if (!DOI_SYNTAX.test(doi)) return null;
  const start = m.index + m[0].length - m[1].length;
  return { doi, start, end: start + raw.length };
}

export interface Reference {
  text: string;
  /** '' when the reference names no DOI. */
  doi: string;
}

/** The stored list with each reference's DOI. */
export function referencesOf(stored: string | null | undefined): Reference[] {
  return referenceList(stored).map((text) => ({ text, doi: referenceDoi(text)?.doi ?? "" }));
}
