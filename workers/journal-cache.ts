import type { Db } from "../app/db/client.server";
import { journalCacheMs } from "../app/http/journal-memo.server";
import type { PublicUrlConfig } from "../app/lib/urls";
import { resolveJournalByHost, type JournalContext } from "../app/models/journals.server";

/**
 * Host → journal (with its settings and cache version), kept in the isolate for a few seconds.
 * Every request needs it — edge-cache hits included — and in production each lookup is a round
 * trip to D1's primary region, which a reader on another continent pays in full. A warm isolate
 * now answers cache hits without touching D1. The isolate that makes a staff write forgets the
 * journal at once; other isolates see the change within `JOURNAL_CACHE_MS` (default 2 s).
 * Unknown hosts are remembered too, so random Host headers cannot make every request a query.
 */

const entries = new Map<string, { journal: JournalContext | null; expires: number }>();
const MAX_ENTRIES = 1000;

export { journalCacheMs };

export async function journalForHost(db: Db, host: string, ttlMs: number, urls: PublicUrlConfig): Promise<JournalContext | null> {
  if (ttlMs > 0) {
    const hit = entries.get(host);
    if (hit && hit.expires > Date.now()) return hit.journal;
  }
  const journal = await resolveJournalByHost(db, host, urls);
  if (ttlMs > 0) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(host, { journal, expires: Date.now() + ttlMs });
  }
  return journal;
}

/** After a staff write: this isolate reads the journal (its new version, settings) again. */
export function forgetJournal(journalId: number): void {
  for (const [host, entry] of entries) if (entry.journal?.id === journalId) entries.delete(host);
}
