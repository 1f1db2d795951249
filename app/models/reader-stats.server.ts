import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles, articleStats } from "../db/schema";
import { isBot } from "../lib/bots";
import type { ArticleRef } from "../lib/urls";
import { inIssue } from "./articles.server";

/**
 * Reader counts: views of abstract pages and downloads of PDFs, per article. The rule for
 * what counts as a reader's view, and both ways a view is recorded (inside the article page's
 * batch, or after an edge-cache hit), live here (docs/decisions/013-page-reads.md).
 */

/** An article's counts as pages show them. */
export interface ReaderCounts {
  views: number;
  downloads: number;
}

/** The one rule for a countable view: a GET of the page by a reader, not a bot (or HEAD, prefetch…). */
export function isReaderView(request: Request): boolean {
  return request.method === "GET" && !isBot(request.headers.get("user-agent"));
}

/**
 * Response header with which the article page marks itself as a countable abstract page (its
 * value is the article id). The edge cache keeps it with the stored page, so a page served
 * from the cache — whose loader does not run — is still counted (workers/cache.ts), and
 * strips it from every answer to the browser.
 */
export const ARTICLE_VIEW_HEADER = "x-article-view";

/**
 * Counts a reader's view of a cached article page after the answer has gone out: the page was
 * rendered, and its view header set, for the enabled article with this id.
 */
export async function recordCachedView(db: Db, journalId: number, request: Request, header: string | null): Promise<void> {
  if (!header || !/^\d{1,12}$/.test(header) || !isReaderView(request)) return;
  await viewUpsert(db, and(eq(articles.journalId, journalId), eq(articles.id, Number(header)), eq(articles.status, "enabled")));
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

/**
 * Counts one abstract-page view of the enabled article with this refnumber in this issue (one
 * statement; a URL naming the wrong issue, which redirects, counts nothing). Batchable.
 */
export function recordViewQuery(db: Db, journalId: number, view: ArticleRef) {
  return viewUpsert(
    db,
    and(inIssue(journalId, view.year, view.volume, view.issue), eq(articles.refnumber, view.refnumber), eq(articles.status, "enabled")),
  );
}

/** One view more for the articles the condition selects (at most one), as one upsert. */
function viewUpsert(db: Db, where: SQL | undefined) {
  // INSERT … SELECT … ON CONFLICT: SQLite needs the SELECT's WHERE to parse the upsert.
  return db
    .insert(articleStats)
    .select(
      db
        .select({ articleId: articles.id, journalId: articles.journalId, views: sql<number>`1`.as("views"), downloads: sql<number>`0`.as("downloads") })
        .from(articles)
        .where(where),
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
      and(eq(articleStats.journalId, journalId), inIssue(journalId, year, volume, issue)),
    );
}
