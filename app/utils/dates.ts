/**
 * Dates on the journal's own calendar (settings.timezone, an IANA zone such as Asia/Kolkata):
 * the default publish date and the year of a new issue must be the staff's "today", which in
 * India is a day ahead of UTC until 05:30.
 */

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
