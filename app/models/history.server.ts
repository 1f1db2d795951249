/**
 * The journal's history: appending entries (docs/decisions/019-history.md). An entry describes
 * one staff write, CLI change or security event: when, who, what record, which fields with short
 * before/after values. It is written **in the same D1 batch as the write** it describes —
 * `historyInsert` returns an unrun query to put into that `db.batch([...])`, and
 * `historyStatement` the same as a Statement for the scripts' batches — so a change and its
 * record cannot part. Nothing ever updates or deletes an entry (a journal's deletion cascades).
 */
import { and, asc, desc, eq, getTableColumns, gt, is, lt, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "../db/client.server";
import * as schema from "../db/schema";
import { history, journals } from "../db/schema";
import type { Statement } from "./journals.server";

/** Who made a change. */
export type Actor =
  | { kind: "staff"; userId: number; username: string }
  | { kind: "cli"; osUser: string }
  | { kind: "system"; job: string }
  | { kind: "anonymous"; username?: string };

export interface FieldChange {
  before?: HistoryValue;
  after?: HistoryValue;
}
export type HistoryValue = string | number | boolean | null;

export interface HistoryEntry {
  actor: Actor;
  /** create, update, delete, trash, restore, move, purge, sign_in, sign_in_locked, sign_out_everywhere, password_change, … */
  action: string;
  /** article, editor, issue, settings, journal, host, user, partner, session, … */
  type: string;
  /**
   * The record's id ('' for journal-wide records such as settings); an SQL expression when the
   * record is created in the same batch and its id is not known yet.
   */
  id?: string | number | SQL;
  fields?: Record<string, FieldChange>;
}

/** The actor of a signed-in staff user's request. */
export const staffActor = (user: { id: number; username: string }): Actor => ({ kind: "staff", userId: user.id, username: user.username });

/** An operator's command line (`npm run journal`, `admin-user`, `--remote` included). */
export const cliActor = (osUser: string): Actor => ({ kind: "cli", osUser: osUser || "unknown" });

/** How an actor is shown and filtered on: the username, 'cli:{os user}', 'system:{job}'. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case "staff":
      return actor.username;
    case "cli":
      return `cli:${actor.osUser}`;
    case "system":
      return `system:${actor.job}`;
    case "anonymous":
      return actor.username ? actor.username : "anonymous";
  }
}

/** Longest text kept per value: history says what changed, it is not a second copy of the record. */
export const HISTORY_VALUE_CHARS = 200;

/** A value shortened for the history: text over the limit is cut (on a code point) and ends in "…". */
export function shortValue(value: unknown): HistoryValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  const text = String(value);
  const chars = Array.from(text);
  return chars.length > HISTORY_VALUE_CHARS ? `${chars.slice(0, HISTORY_VALUE_CHARS - 1).join("")}…` : text;
}

/**
 * The fields whose values differ between `before` and `after` (compared as text, so 1 and "1"
 * are the same), with short values. `keys` limits the comparison (default: the keys of `after`).
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
  keys: readonly string[] = Object.keys(after),
): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  for (const key of keys) {
    if (!(key in after)) continue;
    const was = before?.[key];
    const now = after[key];
    if (before && String(was ?? "") === String(now ?? "")) continue;
    out[key] = before ? { before: shortValue(was), after: shortValue(now) } : { after: shortValue(now) };
  }
  return out;
}

/** What a create entry says of a new record: its fields that have a value (empty ones are noise). */
export function createdFields(values: Record<string, unknown>): Record<string, FieldChange> {
  return changedFields(null, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== "")));
}

/** The sha256 of a file's bytes as lowercase hex: how files appear in the history. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function row(journalId: number | SQL, entry: HistoryEntry, recordId?: SQL) {
  return {
    journalId: journalId as number,
    actorKind: entry.actor.kind,
    actorUserId: entry.actor.kind === "staff" ? entry.actor.userId : null,
    actor: actorLabel(entry.actor),
    action: entry.action,
    recordType: entry.type,
    // An SQL id (a record created in the same batch) is written as the expression's value.
    recordId: (recordId ?? (entry.id === undefined ? "" : is(entry.id, SQL) ? entry.id : String(entry.id))) as string,
    fields: JSON.stringify(entry.fields ?? {}),
  };
}

/** The row an entry is stored as (for writers that build their own statements). */
export const historyRow = (journalId: number, entry: HistoryEntry) => row(journalId, entry);

/** The entry as an unrun insert: put it into the same `db.batch([...])` as the write. */
export function historyInsert(db: Db, journalId: number, entry: HistoryEntry) {
  return db.insert(history).values(row(journalId, entry));
}

/**
 * `insert into <table> select …` as a batchable drizzle query (drizzle's `db.run` cannot sit in a
 * D1 batch with parameters): `values` by column property (SQL or plain values), every other
 * column its default (or null), then `tail` — `where …` or `from … where …`.
 */
export function insertSelect<T extends SQLiteTable>(db: Db, table: T, values: Partial<Record<keyof T["$inferInsert"], unknown>>, tail: SQL) {
  const exprs = Object.entries(getTableColumns(table)).map(([prop, col]) => {
    if (prop in values) {
      const v = (values as Record<string, unknown>)[prop];
      return is(v, SQL) ? v : sql`${v}`;
    }
    if (is(col.default, SQL)) return col.default;
    return col.hasDefault && col.default !== undefined ? sql`${col.default}` : sql`null`;
  });
  return db.insert(table).select(sql`select ${sql.join(exprs, sql`, `)} ${tail}`);
}

/**
 * The entry as an unrun insert that writes its row only if `condition` holds when its turn in
 * the batch comes — the same condition that guards the write it describes (a version still
 * current, a DOI still empty…), so a write that changes nothing leaves no entry. `recordId`
 * names a row the batch itself creates (e.g. a subselect on its unique key).
 */
export function historyInsertWhere(db: Db, journalId: number, entry: HistoryEntry, condition: SQL, recordId?: SQL) {
  const r = row(journalId, entry);
  return insertSelect(db, history, { ...r, recordId: recordId ? sql`cast(${recordId} as text)` : r.recordId }, sql`where ${condition}`);
}

/**
 * One entry per row of `table` matching `where`, each about that row (`id`), with fields built by
 * SQL from the row (`fields`: a json_object(...) over its columns): for writes of many rows in one
 * statement (pins, an issue's articles following its correction, DOIs). Put it before the
 * write, with the write's own condition, so each entry sees the row as it was.
 */
export function historyRowsFrom(db: Db, journalId: number, entry: Omit<HistoryEntry, "id" | "fields">, from: { table: SQL; id: SQL; fields: SQL; where: SQL }) {
  const r = row(journalId, { ...entry, fields: {} });
  return insertSelect(db, history, { ...r, recordId: sql`cast(${from.id} as text)`, fields: from.fields }, sql`from ${from.table} where ${from.where}`);
}

/**
 * The same as historyInsertWhere without a record id of its own — for a write guarded by a
 * condition of its own (e.g. `changes() > 0` after a conditional update), so the history never
 * records a change that did not happen. (One rule: the security events use this name.)
 */
export function historyInsertWhen(db: Db, journalId: number, entry: HistoryEntry, condition: SQL) {
  return historyInsertWhere(db, journalId, entry, condition);
}

/** `json_object('version', json_object('before', v, 'after', v + 1))` for a row's version column. */
export const versionBumpJson = (version: SQL | unknown) => sql`json_object('version', json_object('before', ${version}, 'after', ${version} + 1))`;

// Builds statements only (never executes): the scripts run them locally or through wrangler.
const builder = drizzle({} as D1Database, { schema });

/**
 * The entry as a Statement for the scripts' batches, the journal named by its slug; `recordId`
 * names a row by a subselect (a user by username: the same id sign-ins are recorded under).
 */
export function historyStatement(slug: string, entry: HistoryEntry, recordId?: SQL): Statement {
  const journalId = sql`(select ${journals.id} from ${journals} where ${journals.slug} = ${slug})`;
  const values = row(journalId, entry);
  const { sql: text, params } = builder
    .insert(history)
    .values(recordId ? { ...values, recordId: sql`cast(${recordId} as text)` as unknown as string } : values)
    .toSQL();
  return { sql: text, params: params as Statement["params"] };
}

/** A user of the journal `slug`, by username, as a subselect of its id (for historyStatement). */
export function userIdOf(slug: string, username: string): SQL {
  return sql`(select u.id from users u where u.journal_id = (select ${journals.id} from ${journals} where ${journals.slug} = ${slug}) and u.username = ${username})`;
}

// ---- Reading ------------------------------------------------------------------------------------

/** One entry as the Activity page, the History panels and GET /api/admin/activity show it. */
export interface HistoryItem {
  /** The entry's sequence number (paging cursor). */
  seq: number;
  at: string;
  actor: string;
  actorKind: string;
  action: string;
  type: string;
  id: string;
  fields: Record<string, FieldChange>;
}

function item(r: typeof history.$inferSelect): HistoryItem {
  let fields: Record<string, FieldChange> = {};
  try {
    const parsed = JSON.parse(r.fields) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) fields = parsed as Record<string, FieldChange>;
  } catch {
    /* an unreadable entry still says who did what */
  }
  return { seq: r.id, at: r.at, actor: r.actor, actorKind: r.actorKind, action: r.action, type: r.recordType, id: r.recordId, fields };
}

export interface HistoryFilter {
  type?: string;
  id?: string;
  actor?: string;
}

export const HISTORY_PAGE_SIZE = 50;

function filterOf(journalId: number, f: HistoryFilter): SQL {
  const conditions = [eq(history.journalId, journalId)];
  if (f.type) conditions.push(eq(history.recordType, f.type));
  if (f.type && f.id !== undefined && f.id !== "") conditions.push(eq(history.recordId, f.id));
  if (f.actor) conditions.push(eq(history.actor, f.actor));
  return and(...conditions)!;
}

/**
 * A page of the journal's history, newest first, filtered by record (type and id) and/or person.
 * Keyset paging on the entry's sequence number — `before` (older than) or `after` (newer than)
 * — so a page costs the same at any depth and entries written meanwhile never shift a page.
 * `older`/`newer` say whether there is more in each direction.
 */
export async function listHistory(
  db: Db,
  journalId: number,
  opts: HistoryFilter & { before?: number; after?: number; limit?: number } = {},
): Promise<{ entries: HistoryItem[]; older: boolean; newer: boolean }> {
  const limit = Math.min(Math.max(opts.limit ?? HISTORY_PAGE_SIZE, 1), 200);
  const where = filterOf(journalId, opts);
  if (opts.after !== undefined) {
    // Newer than `after`: the oldest `limit` of those, shown newest first.
    const [rows, older] = await db.batch([
      db.select().from(history).where(and(where, gt(history.id, opts.after))).orderBy(asc(history.id)).limit(limit + 1),
      db.select({ id: history.id }).from(history).where(and(where, lt(history.id, opts.after + 1))).limit(1),
    ]);
    const page = rows.slice(0, limit).reverse();
    return { entries: page.map(item), newer: rows.length > limit, older: older.length > 0 };
  }
  const [rows, newer] = await db.batch([
    db
      .select()
      .from(history)
      .where(opts.before !== undefined ? and(where, lt(history.id, opts.before)) : where)
      .orderBy(desc(history.id))
      .limit(limit + 1),
    opts.before !== undefined
      ? db.select({ id: history.id }).from(history).where(and(where, gt(history.id, opts.before - 1))).limit(1)
      : db.select({ id: history.id }).from(history).where(sql`0`).limit(1),
  ]);
  return { entries: rows.slice(0, limit).map(item), older: rows.length > limit, newer: newer.length > 0 };
}

/**
 * Query: the latest `limit` + 1 entries of one record, newest first (a History panel batched with
 * its page's reads; the extra one says whether there are older ones). `id` may be a subselect.
 */
export function recordHistoryQuery(db: Db, journalId: number, type: string, id: string | SQL, limit: number) {
  return db
    .select()
    .from(history)
    .where(and(eq(history.journalId, journalId), eq(history.recordType, type), eq(history.recordId, is(id, SQL) ? sql`cast(${id} as text)` : id)))
    .orderBy(desc(history.id))
    .limit(limit + 1);
}

/** Entries as read by recordHistoryQuery: the page and whether there are older ones. */
export function historyPage(rows: (typeof history.$inferSelect)[], limit: number) {
  return { entries: rows.slice(0, limit).map(item), older: rows.length > limit };
}

/**
 * The entries of one record written after it was at `version`, oldest first: what changed
 * since a person loaded that version (every versioned write records `version` {before, after}).
 */
export async function changesSince(db: Db, journalId: number, type: string, id: string | number, version: number): Promise<HistoryItem[]> {
  const rows = await db
    .select()
    .from(history)
    .where(and(filterOf(journalId, { type, id: String(id) }), sql`json_extract(${history.fields}, '$.version.after') > ${version}`))
    .orderBy(asc(history.id))
    .limit(200);
  return rows.map(item);
}

/**
 * The sha256 the history last recorded for a record's file field (`pdf`, `picture`, `logo`…),
 * or null: the "before" of the next upload's entry. Exact when read together with a row whose
 * version guards the write (every file change is written with a version bump and its entry).
 */
export function lastFileHashQuery(db: Db, journalId: number, type: string, id: string | number, field: string) {
  return db
    .select({ hash: sql<string | null>`json_extract(${history.fields}, ${`$.${field}.after`})` })
    .from(history)
    .where(and(filterOf(journalId, { type, id: String(id) }), sql`json_type(${history.fields}, ${`$.${field}`}) is not null`))
    .orderBy(desc(history.id))
    .limit(1);
}

/**
 * The distinct values of a column among the journal's entries (people, record types), for the
 * Activity page's filters: one index seek per value (a recursive "next larger" walk on the
 * journal's (actor, id) / (record_type, …) index), not a scan of the whole history.
 */
export async function historyDistinct(db: Db, journalId: number, column: "actor" | "record_type", max = 200): Promise<string[]> {
  const col = sql.raw(column);
  const rows = await db.all<{ v: string | null }>(sql`
    with recursive walk(v) as (
      select min(${col}) from history where journal_id = ${journalId}
      union all
      select (select min(${col}) from history where journal_id = ${journalId} and ${col} > walk.v) from walk where walk.v is not null
    )
    select v from walk where v is not null limit ${max}`);
  return rows.map((r) => String(r.v));
}
