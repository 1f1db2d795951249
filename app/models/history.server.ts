/**
 * The journal's history: appending entries (docs/decisions/019-history.md). An entry describes
 * one staff write, CLI change or security event: when, who, what record, which fields with short
 * before/after values. It is written **in the same D1 batch as the write** it describes —
 * `historyInsert` returns an unrun query to put into that `db.batch([...])`, and
 * `historyStatement` the same as a Statement for the scripts' batches — so a change and its
 * record cannot part. Nothing ever updates or deletes an entry (a journal's deletion cascades).
 */
import { sql, type SQL } from "drizzle-orm";
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

/** The sha256 of a file's bytes as lowercase hex: how files appear in the history. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function row(journalId: number | ReturnType<typeof sql>, entry: HistoryEntry) {
  return {
    journalId: journalId as number,
    actorKind: entry.actor.kind,
    actorUserId: entry.actor.kind === "staff" ? entry.actor.userId : null,
    actor: actorLabel(entry.actor),
    action: entry.action,
    recordType: entry.type,
    recordId: entry.id === undefined ? "" : typeof entry.id === "object" ? (entry.id as unknown as string) : String(entry.id),
    fields: JSON.stringify(entry.fields ?? {}),
  };
}

/** The entry as an unrun insert: put it into the same `db.batch([...])` as the write. */
export function historyInsert(db: Db, journalId: number, entry: HistoryEntry) {
  return db.insert(history).values(row(journalId, entry));
}

// Builds statements only (never executes): the scripts run them locally or through wrangler.
const builder = drizzle({} as D1Database, { schema });

/** The entry as a Statement for the scripts' batches, the journal named by its slug. */
export function historyStatement(slug: string, entry: HistoryEntry): Statement {
  const journalId = sql`(select ${journals.id} from ${journals} where ${journals.slug} = ${slug})`;
  const { sql: text, params } = builder.insert(history).values(row(journalId, entry)).toSQL();
  return { sql: text, params: params as Statement["params"] };
}

/**
 * The entry as an unrun insert that writes only when `condition` holds at that point of the
 * batch — for a write guarded by a condition of its own (e.g. `changes() > 0` after a
 * conditional update), so the history never records a change that did not happen.
 */
export function historyInsertWhen(db: Db, journalId: number, entry: HistoryEntry, condition: SQL) {
  const r = row(journalId, entry);
  // An insert-select lists every column of the table in its order (id and `at` as their defaults).
  return db
    .insert(history)
    .select(
      sql`select null, ${r.journalId}, strftime('%Y-%m-%dT%H:%M:%fZ','now'), ${r.actorKind}, ${r.actorUserId}, ${r.actor}, ${r.action}, ${r.recordType}, ${r.recordId}, ${r.fields} where ${condition}`,
    );
}
