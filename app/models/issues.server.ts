import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { issues } from "../db/schema";
import { isUniqueViolation } from "../db/errors.server";

export type Issue = typeof issues.$inferSelect;
export interface NewIssue {
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  createdby?: string;
}

export class DuplicateIssueError extends Error {
  readonly code = "duplicate_issue";
  constructor() {
    super("duplicate_issue");
  }
}

export async function createIssue(db: Db, journalId: number, input: NewIssue): Promise<Issue> {
  try {
    const [row] = await db
      .insert(issues)
      .values({ ...input, createdby: input.createdby ?? "", journalId })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIssueError();
    throw error;
  }
}

export async function findIssue(db: Db, journalId: number, year: number, volume: number, issue: number) {
  const rows = await issueQuery(db, journalId, year, volume, issue);
  return rows[0];
}

/** Query (batchable) for one issue of this journal by year, volume and number. */
export function issueQuery(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.year, year), eq(issues.volume, volume), eq(issues.issue, issue)))
    .limit(1);
}

/** Query for every issue of a journal (or of one year), newest first, with its count of articles. */
export function issuesWithCountsQuery(db: Db, journalId: number, year?: number) {
  return db
    .select({
      id: issues.id,
      year: issues.year,
      volume: issues.volume,
      issue: issues.issue,
      frequency: issues.frequency,
      creation: issues.creation,
      // Raw, fully qualified SQL: drizzle renders columns unqualified here, which inside the
      // subquery would resolve to the articles table.
      articles: sql<number>`(select count(*) from articles a where a.issue_id = "issues"."id")`,
    })
    .from(issues)
    .where(year !== undefined ? and(eq(issues.journalId, journalId), eq(issues.year, year)) : eq(issues.journalId, journalId))
    .orderBy(desc(issues.year), desc(issues.volume), desc(issues.issue))
    .$dynamic();
}

export async function listIssues(db: Db, journalId: number) {
  return issuesWithCountsQuery(db, journalId);
}

export async function countIssues(db: Db, journalId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(issues).where(eq(issues.journalId, journalId));
  return row?.n ?? 0;
}

/** Query for the issues readers can open: those with at least one enabled article, newest first. */
export function publishedIssuesQuery(db: Db, journalId: number) {
  return db
    .select({ year: issues.year, volume: issues.volume, issue: issues.issue, frequency: issues.frequency })
    .from(issues)
    .where(
      and(
        eq(issues.journalId, journalId),
        sql`exists (select 1 from articles a where a.issue_id = "issues"."id" and a.status = 'enabled')`,
      ),
    )
    .orderBy(desc(issues.year), desc(issues.volume), desc(issues.issue));
}

export interface PublishedIssue {
  year: number;
  volume: number;
  issue: number;
  frequency: string;
}

export interface ArchiveYearSummary {
  year: number;
  volume: number;
  total_issues: number;
  /** Issue number → month (or month range) name, when known. */
  issue_month: Record<string, string>;
  issues: PublishedIssue[];
}

/** Groups published issues by year (newest first) into the spec's year summaries. */
export function summariseYears(rows: PublishedIssue[]): ArchiveYearSummary[] {
  const byYear = new Map<number, ArchiveYearSummary>();
  for (const row of rows) {
    let y = byYear.get(row.year);
    if (!y) {
      y = { year: row.year, volume: row.volume, total_issues: 0, issue_month: {}, issues: [] };
      byYear.set(row.year, y);
    }
    y.total_issues += 1;
    y.volume = Math.max(y.volume, row.volume);
    if (row.frequency) y.issue_month[String(row.issue)] = row.frequency;
    y.issues.push(row);
  }
  return [...byYear.values()].sort((a, b) => b.year - a.year);
}

export async function listArchiveYears(db: Db, journalId: number): Promise<ArchiveYearSummary[]> {
  return summariseYears(await publishedIssuesQuery(db, journalId));
}

export async function listIssuesOfYear(db: Db, journalId: number, year: number) {
  return db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.year, year)))
    .orderBy(asc(issues.volume), asc(issues.issue));
}


export const ISSUE_PAGE_SIZE = 24;

/**
 * The admin issue list (years of issues, a page at a time), one D1 round trip: the years with their issue counts
 * (newest first), one page of issues — of one year, or of all years newest first — with their
 * article counts, the total, and the newest issue (for the add form's suggestion).
 */
export async function readIssueList(db: Db, journalId: number, opts: { year?: number; page: number; pageSize?: number }) {
  const pageSize = opts.pageSize ?? ISSUE_PAGE_SIZE;
  const where = opts.year !== undefined ? and(eq(issues.journalId, journalId), eq(issues.year, opts.year)) : eq(issues.journalId, journalId);
  const [years, rows, totals, newest] = await db.batch([
    db
      .select({ year: issues.year, issues: sql<number>`count(*)` })
      .from(issues)
      .where(eq(issues.journalId, journalId))
      .groupBy(issues.year)
      .orderBy(desc(issues.year)),
    issuesWithCountsQuery(db, journalId, opts.year)
      .limit(pageSize)
      .offset((Math.max(1, opts.page) - 1) * pageSize),
    db.select({ n: sql<number>`count(*)` }).from(issues).where(where),
    db.select({ year: issues.year, volume: issues.volume, issue: issues.issue }).from(issues).where(eq(issues.journalId, journalId)).orderBy(desc(issues.year), desc(issues.volume), desc(issues.issue)).limit(1),
  ]);
  return { years, issues: rows, total: totals[0]?.n ?? 0, newest: newest[0] ?? null, pageSize };
}

/** Issues matching a parsed admin search (year, volume, issue: any given), newest first, with article counts. */
export async function searchIssues(db: Db, journalId: number, q: { year?: number; volume?: number; issue?: number }, limit = 50) {
  const conditions = [eq(issues.journalId, journalId)];
  if (q.year !== undefined) conditions.push(eq(issues.year, q.year));
  if (q.volume !== undefined) conditions.push(eq(issues.volume, q.volume));
  if (q.issue !== undefined) conditions.push(eq(issues.issue, q.issue));
  return issuesWithCountsQuery(db, journalId).where(and(...conditions)).limit(limit);
}

/** The journal's newest issue (year, volume, issue), with its article count; undefined when none. */
export async function latestIssue(db: Db, journalId: number) {
  const [row] = await issuesWithCountsQuery(db, journalId).limit(1);
  return row;
}
