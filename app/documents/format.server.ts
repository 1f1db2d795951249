/** Text shaping for documents: titles with italics, the date a document carries, issue periods. */
import { MONTHS } from "../lib/dates";
import { MONTHS_SHORT } from "../schemas/frequency";
import { decodeEntities, htmlToText, sanitizeHtml, TITLE_PROFILE } from "../lib/html";
import type { Run } from "./canvas.server";
import type { TextStyle } from "./fonts.server";

/**
 * Runs of an HTML title: text inside <i>/<em> in italics (or `italicStyle`), everything else
 * in `style`. Any other markup is dropped by the sanitiser first, so tags never show as text.
 */
export function titleRuns(html: string, style: TextStyle = "regular", italicStyle: TextStyle = "italic"): Run[] {
  const safe = sanitizeHtml(html, TITLE_PROFILE);
  const runs: Run[] = [];
  let depth = 0;
  const re = /<(\/?)(i|em)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(safe))) {
    if (m[2]) {
      depth = Math.max(0, depth + (m[1] ? -1 : 1));
      continue;
    }
    const text = decodeEntities(m[3]).replace(/\s+/g, " ");
    if (!text) continue;
    const s = depth > 0 ? italicStyle : style;
    const last = runs[runs.length - 1];
    if (last && last.style === s) last.text += text;
    else runs.push({ text, style: s });
  }
  if (runs.length) {
    runs[0].text = runs[0].text.replace(/^\s+/, "");
    runs[runs.length - 1].text = runs[runs.length - 1].text.replace(/\s+$/, "");
  }
  return runs.filter((r) => r.text);
}

/** Used when a document's data holds no usable date at all. */
const NO_DATE = Date.UTC(2000, 0, 1);

/**
 * A document's date from its data: the latest of the given values (YYYY-MM-DD, read as
 * midnight UTC, or ISO timestamps), to the second; `fallback` (same forms) when none parses.
 * Never the clock, so building the same data twice gives the same bytes.
 */
export function dataDate(values: readonly (string | null | undefined)[], fallback?: string): Date {
  const parse = (v: string | null | undefined): number => {
    const s = (v ?? "").trim();
    if (!/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) return Number.NaN;
    const t = Date.parse(s.length === 10 ? `${s}T00:00:00Z` : /Z|[+-]\d{2}:?\d{2}$/.test(s) ? s.replace(" ", "T") : `${s.replace(" ", "T")}Z`);
    return Number.isNaN(t) ? Number.NaN : Math.floor(t / 1000) * 1000;
  };
  const times = values.map(parse).filter((t) => !Number.isNaN(t));
  const fixed = parse(fallback);
  return new Date(times.length ? Math.max(...times) : Number.isNaN(fixed) ? NO_DATE : fixed);
}

/**
 * The lines of a short HTML text such as an editor's affiliation ("Dept. of X<br>University of
 * Y", "<p>…</p><p>…</p>"): line breaks and block ends separate lines, so parts never run together.
 */
export function htmlLines(html: string | null | undefined): string[] {
  if (!html) return [];
  return html
    .split(/<br\s*\/?>|<\/(?:p|div|li|h[1-6]|tr)\s*>|<(?:p|div|li|ul|ol|tr)(?:\s[^>]*)?>/i)
    .map((part) => htmlToText(part))
    .filter(Boolean);
}

/** Plain text of an HTML title (metadata, file names). */
export function titleText(html: string): string {
  return htmlToText(html);
}

function monthName(token: string): string {
  const i = MONTHS_SHORT.findIndex((m) => m.toLowerCase() === token.slice(0, 3).toLowerCase());
  return i === -1 ? token : MONTHS[i];
}

/** Issue period for display: 'Jan-Mar' → 'January–March', 'Jul' → 'July', 'January' stays. */
export function formatPeriod(frequency: string): string {
  const f = frequency.trim();
  if (!f) return "";
  const parts = f.split(/\s*[-–]\s*/);
  if (parts.length === 2 && parts.every((p) => /^[A-Za-z]{3,9}$/.test(p))) {
    return `${monthName(parts[0])}–${monthName(parts[1])}`;
  }
  if (/^[A-Za-z]{3,9}$/.test(f)) return monthName(f);
  return f;
}

