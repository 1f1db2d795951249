/**
 * Reads of the history for the admin pages: the Activity page (filters, a page of entries, the
 * records they name) and a record's History panel. Appending is app/models/history.server.ts.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles, editors, indexingPartners, issues, users } from "../db/schema";
import { htmlToText } from "../lib/html";
import { volumeIssueLabel } from "../lib/archive";
import { historyDistinct, listHistory, type HistoryFilter, type HistoryItem } from "./history.server";

/** "type:id" → how the Activity page names the record (a ref number and title, a name, an issue, a partner's title, a username). */
async function recordLabels(db: Db, journalId: number, entries: HistoryItem[]): Promise<Record<string, string>> {
  const ids = (type: string) => [...new Set(entries.filter((e) => e.type === type && /^\d{1,12}$/.test(e.id)).map((e) => Number(e.id)))].slice(0, 90);
  const [articleIds, editorIds, issueIds, partnerIds, userIds] = [ids("article"), ids("editor"), ids("issue"), ids("partner"), ids("user")];
  const [a, e, i, p, u] = await db.batch([
    db.select({ id: articles.id, refnumber: articles.refnumber, title: articles.title }).from(articles).where(and(eq(articles.journalId, journalId), inArray(articles.id, articleIds.length ? articleIds : [0]))),
    db.select({ id: editors.id, name: editors.name }).from(editors).where(and(eq(editors.journalId, journalId), inArray(editors.id, editorIds.length ? editorIds : [0]))),
    db.select({ id: issues.id, year: issues.year, volume: issues.volume, issue: issues.issue }).from(issues).where(and(eq(issues.journalId, journalId), inArray(issues.id, issueIds.length ? issueIds : [0]))),
    db.select({ id: indexingPartners.id, title: indexingPartners.title }).from(indexingPartners).where(and(eq(indexingPartners.journalId, journalId), inArray(indexingPartners.id, partnerIds.length ? partnerIds : [0]))),
    db.select({ id: users.id, username: users.username }).from(users).where(and(eq(users.journalId, journalId), inArray(users.id, userIds.length ? userIds : [0]))),
  ]);
  const labels: Record<string, string> = {};
  for (const r of a) {
    const title = htmlToText(r.title);
    labels[`article:${r.id}`] = `${r.refnumber} “${title.length > 60 ? `${title.slice(0, 59)}…` : title}”`;
  }
  for (const r of e) labels[`editor:${r.id}`] = htmlToText(r.name);
  for (const r of i) labels[`issue:${r.id}`] = `${volumeIssueLabel(r, { digits: "plain" })} (${r.year})`;
  for (const r of p) labels[`partner:${r.id}`] = r.title;
  for (const r of u) labels[`user:${r.id}`] = r.username;
  return labels;
}

/** The Activity page: a page of entries, the records they name, and the filters' choices. */
export async function readActivityPage(db: Db, journalId: number, opts: HistoryFilter & { before?: number; after?: number; limit?: number }) {
  const [page, people, types] = await Promise.all([
    listHistory(db, journalId, opts),
    historyDistinct(db, journalId, "actor"),
    historyDistinct(db, journalId, "record_type"),
  ]);
  return { ...page, labels: await recordLabels(db, journalId, page.entries), people, types };
}

/** How many entries a record's History panel shows. */
export const PANEL_ENTRIES = 8;

/** A record's History panel: its latest entries (and whether there are older ones). */
export async function readRecordHistory(db: Db, journalId: number, type: string, id: string | number, limit = PANEL_ENTRIES) {
  return listHistory(db, journalId, { type, id: String(id), limit });
}
