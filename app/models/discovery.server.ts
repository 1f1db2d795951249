import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Db } from "../db/client.server";
import { articles, articleStats } from "../db/schema";

/** Read models for sitemaps, feeds and OAI-PMH (issue 7): small column sets, index-ordered. */

export interface SitemapEntry {
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

/**
 * OAI-PMH sets: every volume holding any article, newest first. Disabled articles are still
 * harvested (as deleted records whose header names their volume's setSpec), so a volume whose
 * articles are all disabled must stay listed: every setSpec in a header appears in ListSets.
 */
export async function oaiSetVolumes(db: Db, journalId: number) {
  return db
    .select({ volume: articles.volume })
    .from(articles)
    .where(eq(articles.journalId, journalId))
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
  const conditions = [eq(articles.journalId, journalId)];
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
    .where(eq(articles.journalId, journalId));
  return row?.d ?? null;
}

// ---- Reader counts -------------------------------------------------------------------------

// `isbot` knows the crawlers; these are the tools and headless browsers it lets through.
const TOOLS = /curl|wget|python|java\/|httpclient|headless|lighthouse|monitor|preview|scan/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent || isbot(userAgent) || TOOLS.test(userAgent);
}

/** Adds one view or download to an article's counts (upsert; one statement). */
export async function recordReaderEvent(db: Db, journalId: number, articleId: number, kind: "views" | "downloads") {
  await db
    .insert(articleStats)
    .values({ articleId, journalId, views: kind === "views" ? 1 : 0, downloads: kind === "downloads" ? 1 : 0 })
    .onConflictDoUpdate({
      target: articleStats.articleId,
      set: kind === "views" ? { views: sql`${articleStats.views} + 1` } : { downloads: sql`${articleStats.downloads} + 1` },
    });
}

/** Query for one article's counts (for batching into a page's single round trip). */
export function articleStatsQuery(db: Db, journalId: number, articleId: number) {
  return db
    .select({ views: articleStats.views, downloads: articleStats.downloads })
    .from(articleStats)
    .where(and(eq(articleStats.journalId, journalId), eq(articleStats.articleId, articleId)));
}

export async function statsForArticles(db: Db, journalId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { views: number; downloads: number }>();
  const out = new Map<number, { views: number; downloads: number }>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const rows = await db
      .select()
      .from(articleStats)
      .where(and(eq(articleStats.journalId, journalId), inArray(articleStats.articleId, chunk)));
    for (const r of rows) out.set(r.articleId, { views: r.views, downloads: r.downloads });
  }
  return out;
}

/**
 * Counts one abstract-page view of the enabled article with this refnumber in this issue (one
 * statement; a URL naming the wrong issue, which redirects, counts nothing). Batchable.
 */
export function recordViewQuery(
  db: Db,
  journalId: number,
  view: { ref: string; year: number; volume: number; issue: number },
) {
  // INSERT … SELECT … ON CONFLICT: SQLite needs the SELECT's WHERE to parse the upsert.
  return db
    .insert(articleStats)
    .select(
      db
        .select({ articleId: articles.id, journalId: articles.journalId, views: sql<number>`1`.as("views"), downloads: sql<number>`0`.as("downloads") })
        .from(articles)
        .where(
          and(
            eq(articles.journalId, journalId),
            eq(articles.refnumber, view.ref),
            eq(articles.status, "enabled"),
            eq(articles.year, view.year),
            eq(articles.volume, view.volume),
            eq(articles.issue, view.issue),
          ),
        ),
    )
    .onConflictDoUpdate({ target: articleStats.articleId, set: { views: sql`${articleStats.views} + 1` } });
}

/** Query for an article's counts by refnumber (batched with the article page's other reads). */
export function articleStatsByRefQuery(db: Db, journalId: number, refnumber: string) {
  return db
    .select({ views: articleStats.views, downloads: articleStats.downloads })
    .from(articleStats)
    .innerJoin(articles, eq(articles.id, articleStats.articleId))
    .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, refnumber)));
}

/**
 * Query for the reader counts of every article of one issue (any status), for the admin's issue
 * table: one statement, so the page can batch it with its other reads.
 */
export function issueStatsQuery(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select({ articleId: articleStats.articleId, views: articleStats.views, downloads: articleStats.downloads })
    .from(articleStats)
    .innerJoin(articles, eq(articles.id, articleStats.articleId))
    .where(
      and(
        eq(articleStats.journalId, journalId),
        eq(articles.journalId, journalId),
        eq(articles.year, year),
        eq(articles.volume, volume),
        eq(articles.issue, issue),
      ),
    );
}
