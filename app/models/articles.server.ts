import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles } from "../db/schema";
import type { Issue } from "./issues.server";
import { errorChainText, isUniqueViolation } from "../db/errors.server";
import { articleFileKey } from "../storage/keys.server";
import type { Article, ArticleFields } from "../lib/article";
import { htmlToText } from "../lib/html";
import { cleanHtmlFields } from "../schemas/html-fields";

export type ArticleWriteErrorCode = "duplicate_reference_number" | "duplicate_title" | "duplicate_txnid";

export class ArticleWriteError extends Error {
  readonly code: ArticleWriteErrorCode;
  constructor(code: ArticleWriteErrorCode) {
    super(code);
    this.code = code;
  }
}

/** Plain-text copies of title and abstract for the full-text index. */
export function searchText(title: string, abstract: string) {
  return { searchTitle: htmlToText(title), searchAbstract: htmlToText(abstract) };
}

/** Maps a D1 unique-constraint failure to the spec's error code. */
export function uniqueViolation(error: unknown): ArticleWriteErrorCode | null {
  if (!isUniqueViolation(error)) return null;
  const message = errorChainText(error);
  if (message.includes("articles.refnumber")) return "duplicate_reference_number";
  if (message.includes("articles.txnid")) return "duplicate_txnid";
  if (message.includes("articles.title")) return "duplicate_title";
  return null;
}

/**
 * The articles of one issue of this journal: the condition every per-issue read shares (the
 * tables of contents, the admin table, reader counts, file lookups).
 */
export function inIssue(journalId: number, year: number, volume: number, issue: number): SQL {
  return and(eq(articles.journalId, journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue))!;
}

/** The articles of an issue's public table of contents: enabled, with a refnumber. */
function inPublicIssue(journalId: number, year: number, volume: number, issue: number): SQL {
  return and(inIssue(journalId, year, volume, issue), eq(articles.status, "enabled"), sql`${articles.refnumber} <> ''`)!;
}

/** Query for an issue's public table of contents: enabled, with a refnumber, by first page. */
export function issueArticlesQuery(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(articles)
    .where(inPublicIssue(journalId, year, volume, issue))
    .orderBy(asc(articles.firstPage), asc(articles.id));
}

/**
 * An issue's table of contents as the issue page shows it: the same rows and order as
 * issueArticlesQuery, only the columns its table prints (abstracts and the rest stay in D1).
 */
export function issueTableQuery(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select({
      id: articles.id,
      refnumber: articles.refnumber,
      title: articles.title,
      authorname: articles.authorname,
      pagenumber: articles.pagenumber,
      subject: articles.subject,
      country: articles.country,
      year: articles.year,
      volume: articles.volume,
      issue: articles.issue,
      file: articles.file,
    })
    .from(articles)
    .where(inPublicIssue(journalId, year, volume, issue))
    .orderBy(asc(articles.firstPage), asc(articles.id));
}

export async function listIssueArticles(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return issueArticlesQuery(db, journalId, year, volume, issue);
}

/** One enabled article by refnumber, or undefined. */
export async function getPublicArticleByRef(db: Db, journalId: number, refnumber: string) {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, refnumber), eq(articles.status, "enabled")))
    .limit(1);
  return rows[0];
}

export async function getArticleById(db: Db, journalId: number, id: number) {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.id, id)))
    .limit(1);
  return rows[0];
}


/** Every article of an issue for staff (enabled and disabled), in page order. */
export async function listIssueArticlesForAdmin(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return adminIssueArticlesQuery(db, journalId, year, volume, issue);
}

/** Query for every article of an issue (any status), in page order: the admin issue table. */
export function adminIssueArticlesQuery(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(articles)
    .where(inIssue(journalId, year, volume, issue))
    .orderBy(asc(articles.firstPage), asc(articles.id));
}


/** Last page used so far in an issue (0 for an empty issue): a new article must start after it. */
export async function lastPageOfIssue(db: Db, journalId: number, issueId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${articles.lastPage}), 0)` })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.issueId, issueId)));
  return row?.last ?? 0;
}

// ---- Writes that span D1 and R2 -------------------------------------------------------------

/** The issue an article is added to. */
type TargetIssue = Pick<Issue, "id" | "year" | "volume" | "issue" | "frequency">;

type Storage = { DB: D1Database; FILES: R2Bucket };

function pdfObjectName(refnumber: string): string {
  return `${refnumber}-${crypto.randomUUID().slice(0, 12)}.pdf`;
}

/**
 * Adds an article with its PDF, all or nothing: the PDF goes to a fresh R2 object first; if
 * the row can't be written (duplicate, D1 failure) that object is deleted again.
 */
export async function addArticleWithPdf(
  env: Storage,
  db: Db,
  journalId: number,
  issue: TargetIssue,
  dirty: ArticleFields,
  pdf: Uint8Array,
  username: string,
): Promise<Article> {
  const fields = cleanHtmlFields("articles", dirty);
  const objectName = pdfObjectName(fields.refnumber);
  const key = articleFileKey(journalId, issue.year, issue.volume, issue.issue, objectName);
  await env.FILES.put(key, pdf, { httpMetadata: { contentType: "application/pdf" } });
  try {
    const [row] = await db
      .insert(articles)
      .values({
        ...fields,
        journalId,
        issueId: issue.id,
        year: issue.year,
        volume: issue.volume,
        issue: issue.issue,
        frequency: fields.frequency || issue.frequency,
        description: fields.title,
        ...searchText(fields.title, fields.abstract),
        file: `${fields.refnumber}.pdf`,
        fileKey: objectName,
        createdby: username,
        modifiedby: username,
      })
      .returning();
    return row;
  } catch (error) {
    await env.FILES.delete(key).catch(() => {});
    const code = uniqueViolation(error);
    if (code) throw new ArticleWriteError(code);
    throw error;
  }
}

/**
 * Updates an article, optionally replacing its PDF. A new PDF is written to a fresh object and
 * the row is switched to it in one UPDATE; only then is the old object removed. If anything
 * fails, the row still points at the old, intact PDF and the new object is deleted.
 */
export async function updateArticleWithPdf(
  env: Storage,
  db: Db,
  journalId: number,
  existing: Article,
  dirty: ArticleFields,
  pdf: Uint8Array | null,
  username: string,
): Promise<Article> {
  const fields = cleanHtmlFields("articles", dirty);
  const folder = (name: string) => articleFileKey(journalId, existing.year, existing.volume, existing.issue, name);
  const oldObject = existing.fileKey || existing.file;
  let newObject = oldObject;
  if (pdf) {
    newObject = pdfObjectName(fields.refnumber);
    await env.FILES.put(folder(newObject), pdf, { httpMetadata: { contentType: "application/pdf" } });
  }
  try {
    const [row] = await db
      .update(articles)
      .set({
        ...fields,
        frequency: fields.frequency || existing.frequency,
        description: fields.title,
        ...searchText(fields.title, fields.abstract),
        file: newObject ? `${fields.refnumber}.pdf` : "",
        fileKey: newObject,
        modifiedby: username,
        modification: new Date().toISOString(),
      })
      .where(and(eq(articles.journalId, journalId), eq(articles.id, existing.id)))
      .returning();
    if (!row) throw new Error("article vanished during update");
    if (pdf && oldObject && oldObject !== newObject) await env.FILES.delete(folder(oldObject)).catch(() => {});
    return row;
  } catch (error) {
    if (pdf) await env.FILES.delete(folder(newObject)).catch(() => {});
    const code = uniqueViolation(error);
    if (code) throw new ArticleWriteError(code);
    throw error;
  }
}

/** The R2 object name behind a public PDF URL, or null when no enabled article serves it. */
// ---- Reader pages ----------------------------------------------------------------------------

/** Query (not yet run, so pages can batch it) for one enabled article by refnumber. */
export function publicArticleByRefQuery(db: Db, journalId: number, refnumber: string) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, refnumber), eq(articles.status, "enabled")))
    .limit(1);
}

/** The journal's most recently edited (or added) articles, any status, newest first (dashboard, issue 16.5). */
export async function lastEditedArticles(db: Db, journalId: number, limit = 5) {
  return db
    .select({
      id: articles.id,
      refnumber: articles.refnumber,
      title: articles.title,
      year: articles.year,
      volume: articles.volume,
      issue: articles.issue,
      status: articles.status,
      modification: articles.modification,
      modifiedby: articles.modifiedby,
    })
    .from(articles)
    .where(eq(articles.journalId, journalId))
    .orderBy(desc(articles.modification))
    .limit(limit);
}
