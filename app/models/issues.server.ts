import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles, issueRedirects, issues } from "../db/schema";
import { isUniqueViolation } from "../db/errors.server";
import { issueFolder } from "../lib/urls";
import { actorLabel, changedFields, createdFields, historyInsertWhere, historyRowsFrom, insertSelect, versionBumpJson, type Actor } from "./history.server";
import { existsWhere, recordEtag, versionedRow, versionedWrite, type Expectation, type Refusal, type VersionedTarget } from "./versioned.server";

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

/** Creates an issue and its history entry in one D1 batch. */
export async function createIssue(db: Db, journalId: number, input: NewIssue, actor: Actor): Promise<Issue> {
  const values = { year: input.year, volume: input.volume, issue: input.issue, frequency: input.frequency };
  try {
    const [[row]] = await db.batch([
      db
        .insert(issues)
        .values({ ...values, createdby: input.createdby ?? actorLabel(actor), journalId })
        .returning(),
      historyInsertWhere(
        db,
        journalId,
        { actor, action: "create", type: "issue", fields: { ...createdFields(values), version: { after: 1 } } },
        sql`1`,
        sql`(select ${issues.id} from ${issues} where ${issueAt(journalId, values)})`,
      ),
      // A former address of a corrected issue is an address again: a new issue takes it back.
      db.delete(issueRedirects).where(and(eq(issueRedirects.journalId, journalId), eq(issueRedirects.year, values.year), eq(issueRedirects.volume, values.volume), eq(issueRedirects.issue, values.issue))),
    ]);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIssueError();
    throw error;
  }
}

const issueAt = (journalId: number, at: { year: number; volume: number; issue: number }) =>
  and(eq(issues.journalId, journalId), eq(issues.year, at.year), eq(issues.volume, at.volume), eq(issues.issue, at.issue))!;

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
      articles: sql<number>`(select count(*) from articles a where a.issue_id = "issues"."id" and a.status <> 'trashed')`,
      version: issues.version,
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


// ---- Corrections: edit and delete -----------------------------------------------------------

/** One issue of this journal by id, with its article counts (trashed ones apart). */
export async function getIssueById(db: Db, journalId: number, id: number) {
  const [row] = await db
    .select({
      issue: issues,
      // Raw, fully qualified: drizzle renders the column unqualified, which inside the
      // subquery would name the articles table's id.
      articles: sql<number>`(select count(*) from articles a where a.issue_id = "issues"."id" and a.status <> 'trashed')`,
      trashed: sql<number>`(select count(*) from articles a where a.issue_id = "issues"."id" and a.status = 'trashed')`,
    })
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.id, id)))
    .limit(1);
  return row ? { ...row.issue, articles: Number(row.articles), trashed: Number(row.trashed) } : undefined;
}

/** The issue row of this journal as the target of a versioned write (app/models/versioned.server.ts). */
export function issueTarget(db: Db, journalId: number, id: number): VersionedTarget<Issue> {
  const self = and(eq(issues.journalId, journalId), eq(issues.id, id))!;
  return {
    type: "issue",
    id,
    read: async () => (await db.select().from(issues).where(self).limit(1))[0],
    ...versionedRow(db, issues, self),
  };
}

/**
 * Corrects an issue's year, volume, number or frequency (a versioned write). Its articles move
 * with it in the same batch — their year, volume and issue (and their copy of the frequency,
 * where it was the issue's) — each with its own version bump and history entry; their PDFs stay
 * where they are (the rows keep naming their folder: app/storage/keys.server.ts articlePdfKey).
 * The old address is kept in `issue_redirects`, so the old issue URL answers 301; the articles'
 * old URLs redirect by their ref number. DOIs are stored values and do not change.
 */
export async function editIssue(db: Db, journalId: number, id: number, values: IssueEdit, actor: Actor, expect: Expectation) {
  try {
    return await versionedWrite(db, journalId, issueTarget(db, journalId, id), {
      actor,
      action: "update",
      expect,
      plan: (row) => {
        const set: Record<string, unknown> = {};
        for (const key of ["year", "volume", "issue", "frequency"] as const) if (values[key] !== row[key]) set[key] = values[key];
        const fields = changedFields(row, set);
        const moved = "year" in set || "volume" in set || "issue" in set;
        if (!moved && !("frequency" in set)) return { set, fields };
        return { set, fields, also: (guard) => issueFollowers(db, journalId, row, values, actor, guard, moved) };
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIssueError();
    throw error;
  }
}

export type IssueEdit = Pick<Issue, "year" | "volume" | "issue" | "frequency">;

/** The statements that carry an issue's edit to its articles and its old address. */
function issueFollowers(db: Db, journalId: number, before: Issue, after: IssueEdit, actor: Actor, guard: ReturnType<typeof sql>, moved: boolean) {
  const ofIssue = and(eq(articles.journalId, journalId), eq(articles.issueId, before.id))!;
  const oldFolder = issueFolder(before.year, before.volume, before.issue);
  const frequencyFollows = before.frequency !== after.frequency;
  const statements = [];
  if (moved) {
    statements.push(
      // The old address answers 301 from now on (a later issue created there takes it back).
      insertSelect(db, issueRedirects, { journalId, year: before.year, volume: before.volume, issue: before.issue, issueId: before.id }, sql`where ${guard}`).onConflictDoUpdate({
        target: [issueRedirects.journalId, issueRedirects.year, issueRedirects.volume, issueRedirects.issue],
        set: { issueId: before.id },
      }),
      // A former address this issue now takes again is an address, not a redirect.
      db.delete(issueRedirects).where(and(eq(issueRedirects.journalId, journalId), eq(issueRedirects.year, after.year), eq(issueRedirects.volume, after.volume), eq(issueRedirects.issue, after.issue), guard)),
    );
  }
  const frequencyChange = frequencyFollows
    ? sql`case when ${articles.frequency} = ${before.frequency} then json_object('frequency', json_object('before', ${articles.frequency}, 'after', ${after.frequency})) else '{}' end`
    : sql`'{}'`;
  const coordinates = moved
    ? sql`json_object('year', json_object('before', ${before.year}, 'after', ${after.year}), 'volume', json_object('before', ${before.volume}, 'after', ${after.volume}), 'issue', json_object('before', ${before.issue}, 'after', ${after.issue}))`
    : sql`'{}'`;
  statements.push(
    historyRowsFrom(db, journalId, { actor, action: moved ? "move" : "update", type: "article" }, {
      table: sql`${articles}`,
      id: sql`${articles.id}`,
      fields: sql`json_patch(json_patch(${coordinates}, ${frequencyChange}), ${versionBumpJson(articles.version)})`,
      where: and(ofIssue, guard)!,
    }),
    db
      .update(articles)
      .set({
        ...(moved
          ? {
              year: after.year,
              volume: after.volume,
              issue: after.issue,
              // The objects stay in the folder they were stored in.
              fileFolder: sql`case when ${articles.fileFolder} = '' and (${articles.fileKey} <> '' or ${articles.file} <> '') then ${oldFolder} else ${articles.fileFolder} end`,
            }
          : {}),
        ...(frequencyFollows ? { frequency: sql`case when ${articles.frequency} = ${before.frequency} then ${after.frequency} else ${articles.frequency} end` } : {}),
        version: sql`${articles.version} + 1`,
        modifiedby: actorLabel(actor),
        modification: new Date().toISOString(),
      })
      .where(and(ofIssue, guard)),
  );
  return statements;
}

export type IssueDeleteResult =
  | { ok: true; issue: Issue }
  | { ok: false; refusal: Refusal }
  | { ok: false; notEmpty: { articles: number; trashed: number } };

/**
 * Deletes an issue added by mistake: only an empty one (no article, not even one in the trash).
 * One D1 batch — the history entry and the delete, both only while the issue is at the version
 * read and still has no article — so an article added meanwhile keeps its issue.
 */
export async function deleteIssue(db: Db, journalId: number, id: number, actor: Actor, expect: Expectation): Promise<IssueDeleteResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await getIssueById(db, journalId, id);
    if (!found) return { ok: false, refusal: { kind: "not_found" } };
    const etag = recordEtag("issue", id, found.version);
    if (expect?.kind === "if-match" && !expect.tags.includes(etag)) return { ok: false, refusal: { kind: "precondition_failed", version: found.version, etag } };
    if (expect?.kind === "version" && expect.version !== found.version) {
      return { ok: false, refusal: { kind: "edit_conflict", version: found.version, changes: [], fields: [] } };
    }
    if (found.articles + found.trashed > 0) return { ok: false, notEmpty: { articles: found.articles, trashed: found.trashed } };
    const self = and(eq(issues.journalId, journalId), eq(issues.id, id), eq(issues.version, found.version))!;
    const empty = sql`not exists (select 1 from ${articles} where ${articles.issueId} = ${id})`;
    const { year, volume, issue, frequency } = found;
    const [, deleted] = await db.batch([
      historyInsertWhere(
        db,
        journalId,
        { actor, action: "delete", type: "issue", id, fields: { year: { before: year }, volume: { before: volume }, issue: { before: issue }, frequency: { before: frequency }, version: { before: found.version } } },
        sql`${existsWhere(sql`${issues}`, self)} and ${empty}`,
      ),
      db.delete(issues).where(and(self, empty)).returning(),
    ]);
    if (deleted[0]) return { ok: true, issue: deleted[0] };
  }
  return { ok: false, refusal: { kind: "edit_conflict", version: 0, changes: [], fields: [] } };
}

/**
 * Where an issue that moved now is: its current address when `at` is a former address of one of
 * this journal's issues, else nothing (a query, batched with the page's other reads).
 */
export function issueRedirectQuery(db: Db, journalId: number, at: { year: number; volume: number; issue: number }) {
  return db
    .select({ year: issues.year, volume: issues.volume, issue: issues.issue })
    .from(issueRedirects)
    .innerJoin(issues, eq(issues.id, issueRedirects.issueId))
    .where(and(eq(issueRedirects.journalId, journalId), eq(issueRedirects.year, at.year), eq(issueRedirects.volume, at.volume), eq(issueRedirects.issue, at.issue)))
    .limit(1);
}

/** Every issue of the journal but one, newest first (the move-to picker). */
export async function otherIssues(db: Db, journalId: number, exceptId: number) {
  return db
    .select({ id: issues.id, year: issues.year, volume: issues.volume, issue: issues.issue, frequency: issues.frequency })
    .from(issues)
    .where(and(eq(issues.journalId, journalId), ne(issues.id, exceptId)))
    .orderBy(desc(issues.year), desc(issues.volume), desc(issues.issue))
    .limit(500);
}
