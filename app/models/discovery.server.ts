import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles } from "../db/schema";

/** Read models for sitemaps and feeds, read by crawlers often: small column sets, index-ordered. */

interface SitemapEntry {
  year: number;
  volume: number;
  issue: number;
  refnumber: string;
  modification: string;
}

/** Volumes with enabled articles, newest first (sitemaps: one child per volume). */
export async function listVolumes(db: Db, journalId: number) {
  return db
    .select({
      volume: articles.volume,
      count: sql<number>`count(*)`,
      lastmod: sql<string>`max(${articles.modification})`,
    })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.status, "enabled")))
    .groupBy(articles.volume)
    .orderBy(desc(articles.volume));
}

export async function listVolumeEntries(db: Db, journalId: number, volume: number, limit: number, offset: number): Promise<SitemapEntry[]> {
  return db
    .select({
      year: articles.year,
      volume: articles.volume,
      issue: articles.issue,
      refnumber: articles.refnumber,
      modification: articles.modification,
    })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.status, "enabled"), eq(articles.volume, volume)))
    .orderBy(asc(articles.year), asc(articles.issue), asc(articles.firstPage), asc(articles.id))
    .limit(limit)
    .offset(offset);
}

/** Latest enabled articles for the Atom feed. */
export async function latestArticles(db: Db, journalId: number, limit = 50) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.status, "enabled")))
    .orderBy(desc(articles.creation), desc(articles.id))
    .limit(limit);
}

/** Articles of the newest issue that has enabled articles. */
export async function latestIssueArticles(db: Db, journalId: number) {
  const [newest] = await db
    .select({ year: articles.year, volume: articles.volume, issue: articles.issue })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.status, "enabled")))
    .orderBy(desc(articles.year), desc(articles.volume), desc(articles.issue))
    .limit(1);
  if (!newest) return { issue: null, articles: [] };
  const rows = await db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.status, "enabled"),
        eq(articles.year, newest.year),
        eq(articles.volume, newest.volume),
        eq(articles.issue, newest.issue),
      ),
    )
    .orderBy(asc(articles.firstPage), asc(articles.id));
  return { issue: newest, articles: rows };
}
