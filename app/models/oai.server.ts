import { and, asc, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles } from "../db/schema";
import { notTrashed } from "./articles.server";

/** One article of the journal for OAI-PMH (any status but trashed), or undefined. */
export async function oaiArticle(db: Db, journalId: number, id: number) {
  const [row] = await db.select().from(articles).where(and(eq(articles.journalId, journalId), eq(articles.id, id), notTrashed)).limit(1);
  return row;
}

/** Read models for OAI-PMH (workers/oai.ts): sets, one page of records, the earliest datestamp. */

/**
 * OAI-PMH sets: every volume holding any article, newest first. Disabled articles are still
 * harvested (as deleted records whose header names their volume's setSpec), so a volume whose
 * articles are all disabled must stay listed: every setSpec in a header appears in ListSets.
 */
export async function oaiSetVolumes(db: Db, journalId: number) {
  return db
    .select({ volume: articles.volume })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), notTrashed))
    .groupBy(articles.volume)
    .orderBy(desc(articles.volume));
}

/**
 * One OAI-PMH page (every article: disabled ones are reported as deleted, by id) and the size
 * of the whole list, in one D1 round trip. The rows come from the
 * (journal_id, id) index, so a page costs the same at 1,000 or 100,000 articles.
 */
export async function oaiPage(
  db: Db,
  journalId: number,
  opts: { from?: string; until?: string; volume?: number; afterId: number; limit: number },
): Promise<{ rows: (typeof articles.$inferSelect)[]; total: number }> {
  // Trashed articles were added by mistake: not harvested at all (deletedRecord is transient).
  const conditions = [eq(articles.journalId, journalId), notTrashed];
  if (opts.from) conditions.push(gte(articles.modification, opts.from));
  if (opts.until) conditions.push(lte(articles.modification, opts.until));
  if (opts.volume !== undefined) conditions.push(eq(articles.volume, opts.volume));
  const [rows, count] = await db.batch([
    db
      .select()
      .from(articles)
      .where(and(...conditions, gt(articles.id, opts.afterId)))
      .orderBy(asc(articles.id))
      .limit(opts.limit),
    db.select({ n: sql<number>`count(*)` }).from(articles).where(and(...conditions)),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function earliestDatestamp(db: Db, journalId: number): Promise<string | null> {
  const [row] = await db
    .select({ d: sql<string | null>`min(${articles.modification})` })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), notTrashed));
  return row?.d ?? null;
}
