import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles, articleStats } from "../db/schema";

/** Reader counts: views of abstract pages and downloads of PDFs, per article. */

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
