/** Display helpers of the admin pages (no server-only code). */
import { volumeIssueLabel } from "../../lib/archive";
import { pad } from "../../lib/site";

/** Volume and issue with 2 digits, article counts with 3 (spec §9). */
export const two = (n: number) => pad(n, 2);
export const three = (n: number) => pad(n, 3);

export function issueLabel(i: { year: number; volume: number; issue: number }): string {
  return `${volumeIssueLabel(i)} (${i.year})`;
}

// One formatter for every date: toLocaleDateString builds a new one per call, which made the
// admin issue list's dates a tenth of its server time.
const SHORT_DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** '2026-03-04T10:20:30.000Z' → '4 Mar 2026'. */
export function shortDate(iso: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return SHORT_DATE.format(d);
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * A moment (Unix ms) as staff of the journal read it: '28 Nov 2026, 09:35 (Asia/Kolkata)', in
 * the journal's time zone (Settings), named so nobody mistakes whose clock it is.
 */
export function journalDateTime(ms: number, timeZone: string): string {
  let zone = timeZone || "UTC";
  let text: string;
  try {
    text = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: zone }).format(ms);
  } catch {
    zone = "UTC";
    text = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: zone }).format(ms);
  }
  return `${text} (${zone})`;
}
