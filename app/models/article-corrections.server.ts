/**
 * Corrections of articles (docs/decisions/021-trash-and-issue-corrections.md): the trash —
 * distinct from disabling, which keeps a public tombstone — and moving an article to another
 * issue. Every one is a versioned write (app/models/versioned.server.ts) with its history entry
 * in the same D1 batch.
 *
 * A trashed article keeps its row with status 'trashed': its ref number, transaction id and
 * title stay taken (so a restore always fits), and it is in no list, count, search index,
 * sitemap, feed or OAI response, public or staff. After TRASH_DAYS the scheduled purge deletes
 * its PDF and then its row; its history stays.
 */
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles, issues } from "../db/schema";
import type { Article } from "../lib/article";
import { parsePageRange } from "../lib/pages";
import { issueFolder } from "../lib/urls";
import { FIELD_MESSAGES } from "../schemas/messages";
import { articlePdfKey } from "../storage/keys.server";
import { articleTarget, lastPageOfIssue } from "./articles.server";
import { actorLabel, historyInsertWhere, shortValue, type Actor } from "./history.server";
import { versionedWrite, type Expectation } from "./versioned.server";

/** How long an article stays restorable in the trash. */
export const TRASH_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** When an article trashed at `trashedAt` is purged (ISO 8601). */
export function purgeDate(trashedAt: string): string {
  return new Date(Date.parse(trashedAt) + TRASH_DAYS * DAY_MS).toISOString();
}

export type CorrectionFailure =
  | { code: "in_trash" }
  | { code: "not_in_trash" }
  | { code: "trash_expired" }
  | { code: "same_issue" }
  | { code: "issue_not_found" }
  | { code: "validation_failed"; fields: Record<string, string> };

/** Puts an article into the trash: off every list at once, restorable for TRASH_DAYS. */
export async function trashArticle(db: Db, journalId: number, id: number, actor: Actor, expect: Expectation) {
  return versionedWrite<Article, CorrectionFailure>(db, journalId, articleTarget(db, journalId, id), {
    actor,
    action: "trash",
    expect,
    plan: (row) => {
      if (row.status === "trashed") return { failure: { code: "in_trash" } };
      const at = new Date().toISOString();
      return {
        set: { status: "trashed", trashedAt: at, trashedStatus: row.status, modifiedby: actorLabel(actor), modification: at },
        fields: { status: { before: row.status, after: "trashed" } },
      };
    },
  });
}

/** Takes an article out of the trash, with the status it had (and its PDF, which never moved). */
export async function restoreArticle(db: Db, journalId: number, id: number, actor: Actor, expect: Expectation, now = Date.now()) {
  return versionedWrite<Article, CorrectionFailure>(db, journalId, articleTarget(db, journalId, id), {
    actor,
    action: "restore",
    expect,
    plan: (row) => {
      if (row.status !== "trashed") return { failure: { code: "not_in_trash" } };
      // Past its time the purge may already be deleting its PDF.
      if (Date.parse(purgeDate(row.trashedAt)) <= now) return { failure: { code: "trash_expired" } };
      const status = row.trashedStatus === "enabled" ? "enabled" : "disabled";
      return {
        set: { status, trashedAt: "", trashedStatus: "", modifiedby: actorLabel(actor), modification: new Date(now).toISOString() },
        fields: { status: { before: "trashed", after: status } },
      };
    },
  });
}

/**
 * Moves an article to another issue of the journal. The page rule of a new article holds: its
 * pages (`pagenumber`, default its own) must start after the target issue's last page. Its ref
 * number — unique per journal — and its PDF object stay; its coordinates, and its copy of the
 * issue's frequency where it was the old issue's, follow the target issue. Old URLs redirect
 * by ref number (the article route, the PDF and JATS URLs).
 */
export async function moveArticle(
  db: Db,
  journalId: number,
  id: number,
  move: { issueId: number; pagenumber?: string },
  actor: Actor,
  expect: Expectation,
) {
  const [target] = await db.select().from(issues).where(and(eq(issues.journalId, journalId), eq(issues.id, move.issueId))).limit(1);
  const last = target ? await lastPageOfIssue(db, journalId, target.id) : 0;
  return versionedWrite<Article, CorrectionFailure>(db, journalId, articleTarget(db, journalId, id), {
    actor,
    action: "move",
    expect,
    plan: (row) => {
      if (!target) return { failure: { code: "issue_not_found" } };
      if (row.status === "trashed") return { failure: { code: "in_trash" } };
      if (row.issueId === target.id) return { failure: { code: "same_issue" } };
      const pagenumber = (move.pagenumber ?? row.pagenumber).replace(/\s+/g, "");
      const pages = parsePageRange(pagenumber);
      if (!pages) return { failure: { code: "validation_failed", fields: { pagenumber: FIELD_MESSAGES.pageFormat } } };
      if (pages.first < 1 || pages.first > pages.last) return { failure: { code: "validation_failed", fields: { pagenumber: FIELD_MESSAGES.pageFormat } } };
      if (pages.first <= last) return { failure: { code: "validation_failed", fields: { pagenumber: FIELD_MESSAGES.pageAfterLast(last) } } };
      const from = { year: row.year, volume: row.volume, issue: row.issue };
      const set: Record<string, unknown> = {
        issueId: target.id,
        year: target.year,
        volume: target.volume,
        issue: target.issue,
        // The PDF stays in the folder it was stored in.
        ...(!row.fileFolder && (row.fileKey || row.file) ? { fileFolder: issueFolder(row.year, row.volume, row.issue) } : {}),
        modifiedby: actorLabel(actor),
        modification: new Date().toISOString(),
      };
      const fields: Record<string, { before: string | number; after: string | number }> = {
        year: { before: from.year, after: target.year },
        volume: { before: from.volume, after: target.volume },
        issue: { before: from.issue, after: target.issue },
      };
      for (const key of ["year", "volume", "issue"] as const) if (fields[key].before === fields[key].after) delete fields[key];
      if (pagenumber !== row.pagenumber) {
        Object.assign(set, { pagenumber, firstPage: pages.first, lastPage: pages.last });
        fields.pagenumber = { before: row.pagenumber, after: pagenumber };
      }
      return { set, fields, force: true };
    },
  });
}

/** The journal's trash, most recently trashed first, with each article's purge date. */
export async function listTrash(db: Db, journalId: number) {
  const rows = await db
    .select({
      id: articles.id,
      refnumber: articles.refnumber,
      title: articles.title,
      authorname: articles.authorname,
      year: articles.year,
      volume: articles.volume,
      issue: articles.issue,
      trashedAt: articles.trashedAt,
      trashedStatus: articles.trashedStatus,
      version: articles.version,
      modifiedby: articles.modifiedby,
    })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.status, "trashed")))
    .orderBy(desc(articles.trashedAt))
    .limit(500);
  return rows.map((r) => ({ ...r, purgeAt: purgeDate(r.trashedAt) }));
}

/** How many articles of the journal are in the trash (the Archives page links to it). */
export async function countTrash(db: Db, journalId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.status, "trashed")));
  return Number(row?.n ?? 0);
}

/** Articles of every journal whose time in the trash is up (what the next purge deletes). */
export async function expiredTrash(db: Db, now = Date.now(), limit = 50) {
  const cutoff = new Date(now - TRASH_DAYS * DAY_MS).toISOString();
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.status, "trashed"), lt(articles.trashedAt, cutoff), sql`${articles.trashedAt} <> ''`))
    .orderBy(asc(articles.trashedAt))
    .limit(limit);
}

/**
 * The scheduled purge (a Workers Cron Trigger in production, `npm run purge-trash` locally):
 * every journal's articles trashed more than TRASH_DAYS ago go for good — first the PDF, then
 * the row with its history entry (actor system:purge-trash) in one batch. In that order a
 * failure can leave only a row whose PDF is already gone, which no one can see or restore (its
 * time is up) and the next run deletes; never a PDF no row names. Answers what was purged.
 */
export async function purgeTrash(env: { FILES: R2Bucket }, db: Db, now = Date.now()): Promise<{ purged: { journalId: number; id: number; refnumber: string }[] }> {
  const purged: { journalId: number; id: number; refnumber: string }[] = [];
  for (;;) {
    const rows = await expiredTrash(db, now);
    if (!rows.length) break;
    for (const row of rows) {
      const key = articlePdfKey(row.journalId, row);
      if (key) await env.FILES.delete(key);
      const self = and(eq(articles.id, row.id), eq(articles.status, "trashed"), eq(articles.trashedAt, row.trashedAt))!;
      await db.batch([
        historyInsertWhere(
          db,
          row.journalId,
          {
            actor: { kind: "system", job: "purge-trash" },
            action: "purge",
            type: "article",
            id: row.id,
            fields: { refnumber: { before: row.refnumber }, title: { before: shortValue(row.title) }, status: { before: "trashed" }, version: { before: row.version } },
          },
          sql`exists (select 1 from ${articles} where ${self})`,
        ),
        db.delete(articles).where(self),
      ]);
      purged.push({ journalId: row.journalId, id: row.id, refnumber: row.refnumber });
    }
    if (rows.length < 50) break;
  }
  return { purged };
}
