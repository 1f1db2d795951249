import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { articles, issues } from "../../db/schema";
import { issueStatsQuery } from "../../models/reader-stats.server";

/**
 * Everything the admin issue page reads, in one D1 round trip: the issue, every article of it
 * (any status, page order) and the articles' reader counts (views, PDF downloads).
 */
export async function readIssuePage(db: Db, journalId: number, ref: { year: number; volume: number; issue: number }) {
  const [issueRows, articleRows, statsRows] = await db.batch([
    db
      .select()
      .from(issues)
      .where(and(eq(issues.journalId, journalId), eq(issues.year, ref.year), eq(issues.volume, ref.volume), eq(issues.issue, ref.issue)))
      .limit(1),
    db
      .select()
      .from(articles)
      .where(and(eq(articles.journalId, journalId), eq(articles.year, ref.year), eq(articles.volume, ref.volume), eq(articles.issue, ref.issue)))
      .orderBy(asc(articles.firstPage), asc(articles.id)),
    issueStatsQuery(db, journalId, ref.year, ref.volume, ref.issue),
  ]);
  const stats = new Map(statsRows.map((s) => [s.articleId, { views: s.views, downloads: s.downloads }]));
  return { issue: issueRows[0], articles: articleRows, stats };
}
