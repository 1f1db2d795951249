import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles } from "../db/schema";
import type { Issue } from "./issues.server";
import { errorChainText, isUniqueViolation } from "../db/errors.server";
import { articleFolderKey, articlePdfKey } from "../storage/keys.server";
import { issueFolder } from "../lib/urls";
import { actorLabel, createdFields, historyInsertWhere, lastFileHashQuery, type Actor, type HistoryEntry } from "./history.server";
import { deleteObject, putObject, switchObject, type FileWriteOptions } from "./versioned-objects.server";
import { versionedRow, versionedWrite, type VersionedResult, type VersionedTarget } from "./versioned.server";
import type { Article, ArticleFields } from "../lib/article";
import { htmlToText } from "../lib/html";
import { cleanHtmlFields } from "../schemas/html-fields";

type ArticleWriteErrorCode = "duplicate_reference_number" | "duplicate_title" | "duplicate_txnid";

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
function uniqueViolation(error: unknown): ArticleWriteErrorCode | null {
  if (!isUniqueViolation(error)) return null;
  const message = errorChainText(error);
  if (message.includes("articles.refnumber")) return "duplicate_reference_number";
  if (message.includes("articles.txnid")) return "duplicate_txnid";
  if (message.includes("articles.title")) return "duplicate_title";
  return null;
}

/** The error a failed article write throws: a unique-constraint failure as ArticleWriteError. */
function articleWriteError(error: unknown): unknown {
  const code = uniqueViolation(error);
  return code ? new ArticleWriteError(code) : error;
}

/**
 * Articles not in the trash: every staff list, count and lookup by number leaves trashed ones
 * out (public reads, which take enabled articles only, never see them anyway).
 */
export const notTrashed: SQL = ne(articles.status, "trashed");

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
    .where(and(inIssue(journalId, year, volume, issue), notTrashed))
    .orderBy(asc(articles.firstPage), asc(articles.id));
}


/** Query: how many articles of the issue at these coordinates are in the trash. */
export function trashedInIssueQuery(db: Db, journalId: number, ref: { year: number; volume: number; issue: number }) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(articles)
    .where(and(inIssue(journalId, ref.year, ref.volume, ref.issue), eq(articles.status, "trashed")));
}

/**
 * Last page used so far in an issue (0 for an empty issue): a new article must start after it.
 * Articles in the trash do not count: staff no longer see them in the issue.
 */
export async function lastPageOfIssue(db: Db, journalId: number, issueId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${articles.lastPage}), 0)` })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.issueId, issueId), notTrashed));
  return row?.last ?? 0;
}

// ---- Writes that span D1 and R2 -------------------------------------------------------------

/** The issue an article is added to. */
type TargetIssue = Pick<Issue, "id" | "year" | "volume" | "issue" | "frequency">;

type Storage = { DB: D1Database; FILES: R2Bucket };

function pdfObjectName(refnumber: string): string {
  return `${refnumber}-${crypto.randomUUID().slice(0, 12)}.pdf`;
}

/** A PDF put into R2 for a write that has yet to switch its row to it. */
export interface StoredUpload {
  /** The object's name (the row's `fileKey`). */
  object: string;
  /** The issue folder it is in (the row's `fileFolder`). */
  folder: string;
  /** sha256 of the bytes: how the history names the file. */
  sha: string;
}

/** Puts a PDF into a fresh object in the folder of the issue at (year, volume, issue). */
async function putPdf(env: Storage, journalId: number, at: { year: number; volume: number; issue: number }, refnumber: string, pdf: Uint8Array): Promise<StoredUpload> {
  const object = pdfObjectName(refnumber || "article");
  const folder = issueFolder(at.year, at.volume, at.issue);
  const sha = await putObject(env, articleFolderKey(journalId, folder, object), pdf, "application/pdf");
  return { object, folder, sha };
}

const uploadKey = (journalId: number, upload: StoredUpload) => articleFolderKey(journalId, upload.folder, upload.object);

/**
 * Adds an article with its PDF, all or nothing: the PDF goes to a fresh R2 object first; the
 * row and its history entry are one D1 batch; if that fails (duplicate, D1 failure) the object
 * is deleted again.
 */
export async function addArticleWithPdf(
  env: Storage,
  db: Db,
  journalId: number,
  issue: TargetIssue,
  dirty: ArticleFields,
  pdf: Uint8Array,
  actor: Actor,
): Promise<Article> {
  const fields = cleanHtmlFields("articles", dirty);
  const upload = await putPdf(env, journalId, issue, fields.refnumber, pdf);
  const by = actorLabel(actor);
  const { firstPage: _f, lastPage: _l, ...recorded } = fields;
  const entry: HistoryEntry = {
    actor,
    action: "create",
    type: "article",
    fields: { ...createdFields({ ...recorded, year: issue.year, volume: issue.volume, issue: issue.issue }), pdf: { after: upload.sha }, version: { after: 1 } },
  };
  try {
    const [[row]] = await db.batch([
      db
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
          fileKey: upload.object,
          fileFolder: upload.folder,
          createdby: by,
          modifiedby: by,
        })
        .returning(),
      // The new row's id, found by its unique ref number (the insert above ran first).
      historyInsertWhere(db, journalId, entry, sql`1`, sql`(select ${articles.id} from ${articles} where ${articles.journalId} = ${journalId} and ${articles.refnumber} = ${fields.refnumber})`),
    ]);
    return row;
  } catch (error) {
    await deleteObject(env, uploadKey(journalId, upload));
    throw articleWriteError(error);
  }
}

/** An article as a versioned write reads it: the row and the sha256 its last PDF upload recorded. */
export type ArticleForWrite = Article & { pdfHash: string | null };

/** The article row of this journal as the target of a versioned write (app/models/versioned.server.ts). */
export function articleTarget(db: Db, journalId: number, id: number): VersionedTarget<ArticleForWrite> {
  const self = and(eq(articles.journalId, journalId), eq(articles.id, id))!;
  return {
    type: "article",
    id,
    async read() {
      const [rows, hash] = await db.batch([
        db.select().from(articles).where(self).limit(1),
        lastFileHashQuery(db, journalId, "article", id, "pdf"),
      ]);
      return rows[0] ? { ...rows[0], pdfHash: hash[0]?.hash ?? null } : undefined;
    },
    ...versionedRow(db, articles, self),
  };
}

/**
 * A versioned write of an article (app/models/versioned.server.ts), optionally with a new PDF,
 * which replaces the old one as app/models/versioned-objects.server.ts says: six uploads at
 * once to one article leave exactly one object, the last switch's.
 */
export async function writeArticle<F>(
  env: Storage,
  db: Db,
  journalId: number,
  article: Pick<Article, "id" | "year" | "volume" | "issue" | "refnumber">,
  opts: FileWriteOptions<ArticleForWrite, F, StoredUpload> & { pdf: Uint8Array | null },
): Promise<VersionedResult<Article, F>> {
  const upload = opts.pdf ? await putPdf(env, journalId, article, article.refnumber, opts.pdf) : null;
  const result = await switchObject(
    env,
    upload && uploadKey(journalId, upload),
    (row) => articlePdfKey(journalId, row),
    () =>
      versionedWrite<ArticleForWrite, F>(db, journalId, articleTarget(db, journalId, article.id), {
        actor: opts.actor,
        action: opts.action,
        expect: opts.expect,
        plan: (row, only) => opts.plan(row, only, upload),
      }).catch((error: unknown) => {
        throw articleWriteError(error);
      }),
  );
  if (!result.ok || !result.changed) return result;
  const { pdfHash: _h, ...row } = result.row;
  return { ...result, row };
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

/** The journal's most recently edited (or added) articles, any status, newest first (the dashboard). */
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
    .where(and(eq(articles.journalId, journalId), notTrashed))
    .orderBy(desc(articles.modification))
    .limit(limit);
}
