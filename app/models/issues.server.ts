import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles, issues } from "../db/schema";
import { isUniqueViolation } from "../utils/errors.server";

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
  const rows = await db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.year, year), eq(issues.volume, volume), eq(issues.issue, issue)))
    .limit(1);
  return rows[0];
}

/** Query for every issue of a journal, newest first, with its count of enabled articles. */
export function issuesWithCountsQuery(db: Db, journalId: number) {
  return db
    .select({
      id: issues.id,
      year: issues.year,
      volume: issues.volume,
      issue: issues.issue,
      frequency: issues.frequency,
      creation: issues.creation,
      articles: sql<number>`(select count(*) from ${articles} where ${articles.issueId} = ${issues.id})`,
    })
    .from(issues)
    .where(eq(issues.journalId, journalId))
    .orderBy(desc(issues.year), desc(issues.volume), desc(issues.issue));
}

export async function listIssues(db: Db, journalId: number) {
  return issuesWithCountsQuery(db, journalId);
}

export async function countIssues(db: Db, journalId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(issues).where(eq(issues.journalId, journalId));
  return row?.n ?? 0;
}

export function issuesOfJournalAscQuery(db: Db, journalId: number) {
  return db
    .select()
    .from(issues)
    .where(eq(issues.journalId, journalId))
    .orderBy(asc(issues.year), asc(issues.volume), asc(issues.issue));
}
