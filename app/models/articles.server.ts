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
