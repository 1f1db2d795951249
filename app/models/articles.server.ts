import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles } from "../db/schema";
import { errorText, isUniqueViolation } from "../utils/errors.server";

export type Article = typeof articles.$inferSelect;

export interface NewArticle {
  issueId: number;
  refnumber: string;
  title: string;
  authorname: string;
  abstract?: string;
  keywords?: string;
  pagenumber: string;
  subject?: string;
  country?: string;
  email?: string;
  mobile?: string;
  txnid: string;
  ptype?: "paid" | "free";
  publishdate: string;
  year: number;
  volume: number;
  issue: number;
  frequency?: string;
  file?: string;
  status?: "enabled" | "disabled";
  createdby?: string;
}

export type ArticleWriteErrorCode = "duplicate_reference_number" | "duplicate_title" | "duplicate_txnid";

export class ArticleWriteError extends Error {
  readonly code: ArticleWriteErrorCode;
  constructor(code: ArticleWriteErrorCode) {
    super(code);
    this.code = code;
  }
}

/** Parses '12-18' into [12, 18]; null when it is not two numbers joined by a hyphen. */
export function parsePageRange(pagenumber: string): [number, number] | null {
  const m = /^\s*(\d{1,6})\s*-\s*(\d{1,6})\s*$/.exec(pagenumber);
  if (!m) return null;
  return [Number(m[1]), Number(m[2])];
}

/** Maps a D1 unique-constraint failure to the spec's error code. */
export function uniqueViolation(error: unknown): ArticleWriteErrorCode | null {
  if (!isUniqueViolation(error)) return null;
  const message = errorText(error);
  if (message.includes("articles.refnumber")) return "duplicate_reference_number";
  if (message.includes("articles.txnid")) return "duplicate_txnid";
  if (message.includes("articles.title")) return "duplicate_title";
  return null;
}

export async function createArticle(db: Db, journalId: number, input: NewArticle): Promise<Article> {
  const pages = parsePageRange(input.pagenumber);
  if (!pages) throw new Error("invalid_pagenumber");
  try {
    const [row] = await db
      .insert(articles)
      .values({
        ...input,
        journalId,
        description: input.title,
        firstPage: pages[0],
        lastPage: pages[1],
        modifiedby: input.createdby ?? "",
      })
      .returning();
    return row;
  } catch (error) {
    const code = uniqueViolation(error);
    if (code) throw new ArticleWriteError(code);
    throw error;
  }
}

/** Query for an issue's public table of contents: enabled, with a refnumber, by first page. */
export function issueArticlesQuery(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.year, year),
        eq(articles.volume, volume),
        eq(articles.issue, issue),
        eq(articles.status, "enabled"),
        sql`${articles.refnumber} <> ''`,
      ),
    )
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

/** Escapes LIKE wildcards so user input matches literally (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const SEARCH_PAGE_SIZE = 50;
const MAX_KEYWORD_LENGTH = 200;

/**
 * Public keyword search: enabled articles whose title, authors, abstract or keywords contain
 * the text, case-insensitively (spec §2 search). Odd input (quotes, %, emoji, long strings) is
 * matched literally and never errors. Newest issues first, then page order.
 */
export function searchArticlesQuery(db: Db, journalId: number, keyword: string, limit = SEARCH_PAGE_SIZE, offset = 0) {
  const pattern = likePattern(keyword.trim().slice(0, MAX_KEYWORD_LENGTH).toLowerCase());
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.status, "enabled"),
        sql`${articles.refnumber} <> ''`,
        sql`(lower(${articles.title}) like ${pattern} escape '\\' or lower(${articles.authorname}) like ${pattern} escape '\\' or lower(${articles.abstract}) like ${pattern} escape '\\' or lower(${articles.keywords}) like ${pattern} escape '\\')`,
      ),
    )
    .orderBy(sql`${articles.year} desc`, sql`${articles.volume} desc`, sql`${articles.issue} desc`, asc(articles.firstPage))
    .limit(limit)
    .offset(offset);
}

export async function searchArticles(db: Db, journalId: number, keyword: string, limit = SEARCH_PAGE_SIZE, offset = 0) {
  if (!keyword.trim()) return [];
  return searchArticlesQuery(db, journalId, keyword, limit, offset);
}

/** Every article of an issue for staff (enabled and disabled), in page order. */
export async function listIssueArticlesForAdmin(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(asc(articles.firstPage), asc(articles.id));
}

/** Staff search over refnumber, txnid, title, authors and e-mail (all statuses). */
export async function adminSearchArticles(db: Db, journalId: number, q: string, limit = 100) {
  const text = q.trim().slice(0, MAX_KEYWORD_LENGTH).toLowerCase();
  if (!text) return [];
  const pattern = likePattern(text);
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        sql`(${articles.refnumber} = ${text} or lower(${articles.txnid}) = ${text} or lower(${articles.title}) like ${pattern} escape '\\' or lower(${articles.authorname}) like ${pattern} escape '\\' or lower(${articles.email}) like ${pattern} escape '\\')`,
      ),
    )
    .orderBy(sql`${articles.year} desc`, sql`${articles.volume} desc`, sql`${articles.issue} desc`, asc(articles.firstPage))
    .limit(limit);
}

/** Last page used so far in an issue (0 for an empty issue): a new article must start after it. */
export async function lastPageOfIssue(db: Db, journalId: number, issueId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${articles.lastPage}), 0)` })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.issueId, issueId)));
  return row?.last ?? 0;
}

export async function countArticles(db: Db, journalId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(articles).where(eq(articles.journalId, journalId));
  return row?.n ?? 0;
}
