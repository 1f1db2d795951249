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

/**
 * A YYYY-MM-DD formatter per time zone (en-CA writes dates that way), or null for a zone the
 * runtime does not know. Kept: making an Intl.DateTimeFormat costs far more than using one, and
 * pages ask for the same few zones on every request.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(zone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      format = null;
    }
    // Bounded: zone names come from settings, but a stream of invalid ones must not grow it.
    if (dayFormats.size < 500) dayFormats.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  return dayFormat(value) !== null;
}

/** 'YYYY-MM-DD' in the given zone (UTC when the zone is unknown). */
export function journalToday(timeZone: string | undefined, now = new Date()): string {
  const format = (timeZone && isTimeZone(timeZone) ? dayFormat(timeZone) : null) ?? dayFormat("UTC")!;
  return format.format(now);
}

export function journalYear(timeZone: string | undefined, now = new Date()): number {
  return Number(journalToday(timeZone, now).slice(0, 4));
}
