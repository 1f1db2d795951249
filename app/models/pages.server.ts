/**
 * Page reads: one function per page (reader pages, the admin's issue and article pages, the
 * public documents), each sending its page's reads to D1 as ONE batch — one round trip — and
 * returning one typed object. Routes and handlers call these; they never assemble a batch
 * or see a query builder (docs/decisions/013-page-reads.md). The query builders the batches
 * are made of stay in their aggregate's module (articles, issues, editors, …).
 */
import type { Db } from "../db/client.server";
import type { Article, ArticleRowSource } from "../lib/article";
import { normaliseAuthorName, splitAuthors } from "../lib/names";
import type { IssueRef } from "../lib/urls";
import { adminIssueArticlesQuery, issueTableQuery, publicArticleByRefQuery, trashedInIssueQuery } from "./articles.server";
import { publicArticleByIdForDocumentQuery, type DocumentArticle } from "./documents.server";
import { chiefEditorQuery, enabledEditorsQuery, type Editor } from "./editors.server";
import { enabledPartnersQuery } from "./indexing.server";
import { issueQuery, issueRedirectQuery, publishedIssuesQuery, type PublishedIssue } from "./issues.server";
import { historyPage, recordHistoryQuery, type HistoryItem } from "./history.server";
import { PANEL_ENTRIES } from "./activity.server";
import { issues } from "../db/schema";
import { sql } from "drizzle-orm";
import { articleStatsByRefQuery, articleStatsQuery, issueStatsQuery, recordViewQuery, type ReaderCounts } from "./reader-stats.server";
import { searchRanked } from "./search.server";

/** An enabled indexing partner as the home page and /indexing list it. */
type IndexingPartnerItem = Awaited<ReturnType<typeof enabledPartnersQuery>>[number];

// ---- Reader pages ------------------------------------------------------------------------------

interface HomePage {
  /** Name of the editor-in-chief ('' when the journal has none). */
  chiefEditor: string;
  partners: IndexingPartnerItem[];
}

/** The home page: the editor-in-chief's name and the enabled indexing partners. */
export async function readHomePage(db: Db, journalId: number): Promise<HomePage> {
  const [chief, partners] = await db.batch([chiefEditorQuery(db, journalId), enabledPartnersQuery(db, journalId)]);
  return { chiefEditor: chief[0]?.name ?? "", partners };
}

/** /board: enabled editors, pinned first, then in the order they were added. */
export async function readBoardPage(db: Db, journalId: number): Promise<Editor[]> {
  return enabledEditorsQuery(db, journalId);
}

/** /indexing: enabled partners by sort number. */
export async function readIndexingPage(db: Db, journalId: number): Promise<IndexingPartnerItem[]> {
  return enabledPartnersQuery(db, journalId);
}

/** /archives (and every archive page's side column): published issues, newest first. */
export async function readArchivesPage(db: Db, journalId: number): Promise<PublishedIssue[]> {
  return publishedIssuesQuery(db, journalId);
}

interface IssuePage {
  /** Issues readers can open, newest first (the side column). */
  published: PublishedIssue[];
  /** Where the issue is now, when the URL names a former address of a corrected issue. */
  movedTo: IssueRef | undefined;
  /** The issue named by the URL, if it is published. */
  issue: PublishedIssue | undefined;
  /** Its enabled articles in page order, with what the table shows (empty: nothing to show). */
  articles: ArticleRowSource[];
}

/** An issue's table of contents with the year list for the side column. */
export async function readIssuePage(db: Db, journalId: number, ref: IssueRef): Promise<IssuePage> {
  const [published, articles, moved] = await db.batch([
    publishedIssuesQuery(db, journalId),
    issueTableQuery(db, journalId, ref.year, ref.volume, ref.issue),
    issueRedirectQuery(db, journalId, ref),
  ]);
  const issue = published.find((i) => i.year === ref.year && i.volume === ref.volume && i.issue === ref.issue);
  return { published, issue, articles, movedTo: issue ? undefined : moved[0] };
}

interface ArticlePage {
  /** The enabled article with this refnumber (in whatever issue), if any. */
  article: Article | undefined;
  published: PublishedIssue[];
  /** Its reader counts, this request's view included when one was counted. */
  counts: ReaderCounts;
}

/**
 * An article's abstract page: the article, the year list and its reader counts. When `view`
 * is given (a reader's request, decided by the route with `isReaderView`), the view is counted
 * in the same batch, first, so the counts shown include it. A view counts only for the enabled
 * article with this refnumber in the issue the URL names: a wrong-issue URL (a redirect) and
 * an unknown one count nothing.
 */
export async function readArticlePage(db: Db, journalId: number, refnumber: string, view?: IssueRef): Promise<ArticlePage> {
  const ref = refnumber.slice(0, 64);
  const reads = [publicArticleByRefQuery(db, journalId, ref), publishedIssuesQuery(db, journalId), articleStatsByRefQuery(db, journalId, ref)] as const;
  const [found, published, stats] = view
    ? ((await db.batch([recordViewQuery(db, journalId, { ...view, refnumber: ref }), ...reads])).slice(1) as [
        Awaited<(typeof reads)[0]>,
        Awaited<(typeof reads)[1]>,
        Awaited<(typeof reads)[2]>,
      ])
    : await db.batch(reads);
  return { article: found[0], published, counts: { views: stats[0]?.views ?? 0, downloads: stats[0]?.downloads ?? 0 } };
}

/**
 * An article's reader counts alone, for an abstract page whose other parts the route kept
 * (app/routes/public/article.tsx): with `view`, the view is counted first in the same batch,
 * under readArticlePage's rule (the enabled article with this refnumber in the issue the URL
 * names), so the counts include it.
 */
export async function readArticleCounts(db: Db, journalId: number, refnumber: string, view?: IssueRef): Promise<ReaderCounts> {
  const ref = refnumber.slice(0, 64);
  const stats = articleStatsByRefQuery(db, journalId, ref);
  const rows = view ? (await db.batch([recordViewQuery(db, journalId, { ...view, refnumber: ref }), stats]))[1] : await stats;
  return { views: rows[0]?.views ?? 0, downloads: rows[0]?.downloads ?? 0 };
}

/** /pdf?refno=…: the enabled article with this refnumber, if any. */
export async function readCertificatePage(db: Db, journalId: number, refnumber: string): Promise<Article | undefined> {
  const [a] = await publicArticleByRefQuery(db, journalId, refnumber.slice(0, 64));
  return a;
}

/** /verify/{code}: the article and the register's row for the code (app/models/certificates.server.ts, ADR 027). */
export { readAuthorVerification as readVerifyPage } from "./certificates.server";

/**
 * /authors/{name}: every article whose byline holds this name (honorifics aside, any case),
 * newest issue first, then page order. An FTS phrase match on the authors column (one round
 * trip) narrows the rows; the exact name match on the split byline decides.
 */
export async function readAuthorPage(db: Db, journalId: number, name: string) {
  const result = await searchRanked(db, journalId, { q: normaliseAuthorName(name), author: true, pageSize: 100 });
  const wanted = normaliseAuthorName(name).toLocaleLowerCase();
  const articles = result.hits
    .map((h) => h.article)
    .filter((a) => splitAuthors(a.authorname).some((n) => normaliseAuthorName(n).toLocaleLowerCase() === wanted))
    .sort((a, b) => b.year - a.year || b.volume - a.volume || b.issue - a.issue || a.firstPage - b.firstPage);
  // One page per author: the name as the newest byline prints it (without titles) is canonical.
  const printed = articles.length ? splitAuthors(articles[0].authorname).find((n) => normaliseAuthorName(n).toLocaleLowerCase() === wanted) : undefined;
  return { articles, canonicalName: normaliseAuthorName(printed ?? name) };
}

// ---- Documents (workers/api/pdf.ts) -------------------------------------------------------------

/** A cover page: the enabled article with this id, with its issue's period. */
export async function readCoverPageDocument(db: Db, journalId: number, id: number): Promise<DocumentArticle | undefined> {
  const [a] = await publicArticleByIdForDocumentQuery(db, journalId, id);
  return a;
}

/** The editorial-board PDF: the same editors, in the same order, as /board. */
export const readBoardDocument = readBoardPage;

// ---- Admin pages --------------------------------------------------------------------------------

interface AdminIssuePage {
  issue: Awaited<ReturnType<typeof issueQuery>>[number] | undefined;
  /** Where the issue is now, when the address is a former one of a corrected issue. */
  movedTo: IssueRef | undefined;
  /** How many of its articles are in the trash. */
  trashed: number;
  /** The issue's History panel: its latest entries, and whether there are older ones. */
  history: { entries: HistoryItem[]; older: boolean };
  /** Every article of the issue (any status), in page order. */
  articles: Article[];
  /** Reader counts by article id (absent: none yet). */
  stats: Map<number, ReaderCounts>;
}

/**
 * The admin issue page: the issue, every article of it (any status, page order) and the
 * articles' reader counts (views, PDF downloads).
 */
export async function readAdminIssuePage(db: Db, journalId: number, ref: IssueRef): Promise<AdminIssuePage> {
  const [issueRows, articleRows, statsRows, moved, trashed, historyRows] = await db.batch([
    issueQuery(db, journalId, ref.year, ref.volume, ref.issue),
    adminIssueArticlesQuery(db, journalId, ref.year, ref.volume, ref.issue),
    issueStatsQuery(db, journalId, ref.year, ref.volume, ref.issue),
    issueRedirectQuery(db, journalId, ref),
    trashedInIssueQuery(db, journalId, ref),
    recordHistoryQuery(db, journalId, "issue", sql`(select ${issues.id} from ${issues} where ${issues.journalId} = ${journalId} and ${issues.year} = ${ref.year} and ${issues.volume} = ${ref.volume} and ${issues.issue} = ${ref.issue})`, PANEL_ENTRIES),
  ]);
  const stats = new Map(statsRows.map((s) => [s.articleId, { views: s.views, downloads: s.downloads }]));
  return {
    issue: issueRows[0],
    articles: articleRows,
    stats,
    movedTo: issueRows[0] ? undefined : moved[0],
    trashed: Number(trashed[0]?.n ?? 0),
    history: historyPage(historyRows, PANEL_ENTRIES),
  };
}

/** The admin's edit page extras for an article: its issue's period and its reader counts. */
export async function readArticleEditExtras(db: Db, journalId: number, article: Pick<Article, "id" | "year" | "volume" | "issue">) {
  const [issueRows, stats] = await db.batch([
    issueQuery(db, journalId, article.year, article.volume, article.issue),
    articleStatsQuery(db, journalId, article.id),
  ]);
  return {
    issueFrequency: issueRows[0]?.frequency ?? "",
    counts: { views: stats[0]?.views ?? 0, downloads: stats[0]?.downloads ?? 0 } satisfies ReaderCounts,
  };
}
