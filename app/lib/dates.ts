/**
 * Dates: on the journal's own calendar (settings.timezone, an IANA zone such as Asia/Kolkata)
 * — the default publish date and the year of a new issue must be the staff's "today", which in
 * India is a day ahead of UTC until 05:30 — and as pages, metadata and documents write them.
 */

export const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;

/** '2025-01-15' → '15 January 2025' (pages and documents); anything unparseable is returned trimmed. */
export function longDate(isoDate: string): string {
  const value = isoDate.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : value;
}

/** '2025-01-15' → '2025/01/15' (Google Scholar's citation_publication_date), '' if malformed. */
export function scholarDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[1]}/${m[2]}/${m[3]}` : "";
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DD' in the given zone (UTC when the zone is unknown). */
export function journalToday(timeZone: string | undefined, now = new Date()): string {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : "UTC";
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function journalYear(timeZone: string | undefined, now = new Date()): number {
  return Number(journalToday(timeZone, now).slice(0, 4));
}
