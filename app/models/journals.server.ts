import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { journalHosts, journals, settings } from "../db/schema";

export type Settings = typeof settings.$inferSelect;

/** The journal a request is for, with its settings: resolved once per request. */
export interface JournalContext {
  id: number;
  slug: string;
  name: string;
  /** Cache version: bumped on every staff write (see workers/cache.ts). */
  version: number;
  /** The hostname the request came in on (lower-case, no port). */
  host: string;
  settings: Settings;
}

/** Lower-cases a Host header value and strips the port and a trailing dot. */
export function normaliseHost(hostHeader: string | null | undefined): string {
  if (!hostHeader) return "";
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    host = end === -1 ? host : host.slice(0, end + 1);
  } else {
    const colon = host.indexOf(":");
    if (colon !== -1) host = host.slice(0, colon);
  }
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

/**
 * Finds the journal owning `host` together with its settings in one D1 round trip.
 * Returns null for a host no journal owns — callers answer 404, never a default journal.
 */
export async function resolveJournalByHost(db: Db, host: string): Promise<JournalContext | null> {
  if (!host) return null;
  const rows = await db
    .select({ journal: journals, settings })
    .from(journalHosts)
    .innerJoin(journals, eq(journals.id, journalHosts.journalId))
    .innerJoin(settings, eq(settings.journalId, journals.id))
    .where(eq(journalHosts.hostname, host))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.journal.id,
    slug: row.journal.slug,
    name: row.journal.name,
    version: row.journal.version,
    host,
    settings: row.settings,
  };
}

export interface NewJournal {
  slug: string;
  name: string;
  hosts: string[];
  settings?: Partial<Omit<Settings, "journalId">>;
}

/**
 * Creates a journal, its hostnames and its settings row: all or nothing. The dependent rows need
 * the new id, so they go in a second batch; if that fails (a hostname another journal owns, a
 * bad setting) the journal row is removed again, which leaves nothing behind.
 */
export async function createJournal(db: Db, input: NewJournal): Promise<number> {
  const [journal] = await db
    .insert(journals)
    .values({ slug: input.slug, name: input.name })
    .returning({ id: journals.id });
  const id = journal.id;
  try {
    await db.batch([
      db.insert(settings).values({ websitename: input.name, ...input.settings, journalId: id }),
      ...input.hosts.map((hostname) =>
        db.insert(journalHosts).values({ hostname: normaliseHost(hostname), journalId: id }),
      ),
    ] as const as [any, ...any[]]);
  } catch (error) {
    await db.delete(journals).where(eq(journals.id, id));
    throw error;
  }
  return id;
}

/** Makes every edge-cached page of this journal stale (called after each staff write). */
export async function bumpJournalVersion(db: Db, journalId: number): Promise<void> {
  await db
    .update(journals)
    .set({ version: sql`${journals.version} + 1` })
    .where(eq(journals.id, journalId));
}

export async function findJournalBySlug(db: Db, slug: string) {
  return db.query.journals.findFirst({ where: eq(journals.slug, slug) });
}

export async function listJournalHosts(db: Db, journalId: number): Promise<string[]> {
  const rows = await db
    .select({ hostname: journalHosts.hostname })
    .from(journalHosts)
    .where(eq(journalHosts.journalId, journalId));
  return rows.map((r) => r.hostname);
}
