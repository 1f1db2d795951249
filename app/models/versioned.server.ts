/**
 * One rule for every staff write of a versioned record (articles, editors, settings, issues,
 * indexing partners; docs/decisions/020-versions-and-conflicts.md):
 *
 * - The write names the version it started from — an `If-Match` ETag, a body `version`, or the
 *   admin form's hidden version — or, for API clients that send neither, the version this
 *   function just read (their write then behaves as before: last write wins, column by column).
 * - It is ONE D1 batch: the history entry (version before/after in its fields) and any other
 *   statement of the change, each written only `where` the row is still at that version, and
 *   last the row's UPDATE guarded by the same version, which bumps it. D1 runs a batch as a
 *   transaction, so either all of it happens on the version read or none of it does.
 * - Only the columns the write changes are set, so a concurrent write of other columns (an
 *   upload while a title is edited) survives.
 * - A stale `If-Match` is refused (412); a stale body version is refused (409 edit_conflict)
 *   with what changed since, read from the history. The admin forms also say which fields the
 *   person changed; when nobody else changed those, the write goes on top of the newer version
 *   (both kept), otherwise it is refused the same way and the form shows both sides.
 * - A write that lost a race with another (its guard found a newer version) is tried again on
 *   the new row — where the rules above decide again.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client.server";
import { changesSince, historyInsertWhere, type Actor, type FieldChange, type HistoryItem } from "./history.server";

/** What a write names as the version it started from. */
export type Expectation =
  /** `If-Match` (anything but `*`): the ETags the client holds; none current → 412. */
  | { kind: "if-match"; tags: string[] }
  /**
   * A body or form `version`. Without `changed` (the JSON API) a stale one is refused (409). With
   * `changed` (the admin forms: the fields the person edited), a stale one is merged when nobody
   * else changed those fields since.
   */
  | { kind: "version"; version: number; changed?: readonly string[] }
  | null;

/** The strong ETag of one version of a record: `"article-12-v3"`. */
export function recordEtag(type: string, id: string | number, version: number): string {
  return `"${type}${id === "" ? "" : `-${id}`}-v${version}"`;
}

/** Why a versioned write changed nothing. */
export type Refusal =
  | { kind: "not_found" }
  | { kind: "precondition_failed"; version: number; etag: string }
  | {
      kind: "edit_conflict";
      /** The record's version now (the one to save on top of). */
      version: number;
      /** The entries written since the version the write named, oldest first. */
      changes: HistoryItem[];
      /** The fields both sides changed (every field this write touches, for a plain stale version). */
      fields: string[];
    };

/** The change a write makes to a row, computed from the row as it is now. */
export interface Plan {
  /** Columns to set on the row (drizzle property names); the version is bumped by the engine. */
  set: Record<string, unknown>;
  /** The history's fields: what changed, before and after (the engine adds `version`). */
  fields: Record<string, FieldChange>;
  /** The entry's action (default: the write's). */
  action?: string;
  /** More statements of the same change, each to be written only while `guard` holds. */
  also?: (guard: SQL) => BatchItem<"sqlite">[];
  /** Run even when no field changes (e.g. a move that only relocates). */
  force?: boolean;
}

/** A use-case's own refusal (validation, a rule), passed through untouched. */
export interface PlanFailure<F> {
  failure: F;
}

export interface VersionedTarget<Row extends { version: number }> {
  type: string;
  id: string | number;
  /** The row as it is now (and anything the plan needs read with it), or undefined. */
  read(): Promise<Row | undefined>;
  /** `exists (select 1 … where <this row> and version = v)`: true while the row is at `version`. */
  guard(version: number): SQL;
  /** The row's UPDATE setting `set` and version + 1 where it is at `version`, returning the row. */
  update(set: Record<string, unknown>, version: number): BatchItem<"sqlite">;
}

export type VersionedResult<Row, F> =
  | { ok: true; row: Row; before: Row; changed: boolean; merged: HistoryItem[] }
  | { ok: false; refusal: Refusal }
  | { ok: false; failure: F };

/** How often a write that keeps losing races is tried before giving up (a conflict then). */
const ATTEMPTS = 12;

function isFailure<F>(value: Plan | PlanFailure<F>): value is PlanFailure<F> {
  return "failure" in value;
}

/**
 * Runs one versioned write (see the top of this file). `plan(row, only)` computes the change
 * from the current row; `only` is the set of fields the person changed (admin forms), or null
 * for "everything the request sent".
 */
export async function versionedWrite<Row extends { version: number }, F = never>(
  db: Db,
  journalId: number,
  target: VersionedTarget<Row>,
  opts: {
    actor: Actor;
    action: string;
    expect: Expectation;
    plan: (row: Row, only: ReadonlySet<string> | null) => Plan | PlanFailure<F>;
  },
): Promise<VersionedResult<Row, F>> {
  const { expect } = opts;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await target.read();
    if (!row) return { ok: false, refusal: { kind: "not_found" } };
    const etag = recordEtag(target.type, target.id, row.version);
    if (expect?.kind === "if-match" && !expect.tags.includes(etag)) {
      return { ok: false, refusal: { kind: "precondition_failed", version: row.version, etag } };
    }
    const only = expect?.kind === "version" && expect.changed ? new Set(expect.changed) : null;
    const planned = opts.plan(row, only);
    if (isFailure(planned)) return { ok: false, failure: planned.failure };
    let merged: HistoryItem[] = [];
    if (expect?.kind === "version" && expect.version !== row.version) {
      const changes = expect.version < row.version ? await changesSince(db, journalId, target.type, target.id, expect.version) : [];
      const mine = Object.keys(planned.fields);
      const theirs = new Set(changes.flatMap((c) => Object.keys(c.fields)).filter((f) => f !== "version"));
      // Merged only when the form said what the person changed, the history covers every
      // version in between, and nobody else changed any of those fields.
      const covered = changes.filter((c) => typeof c.fields.version?.after === "number").length === row.version - expect.version;
      const both = mine.filter((f) => theirs.has(f));
      if (!only || !covered || both.length) {
        return { ok: false, refusal: { kind: "edit_conflict", version: row.version, changes, fields: only ? both : mine } };
      }
      merged = changes;
    }
    // Nothing to write (the values sent are what is stored): no version, no entry, nothing merged.
    if (!Object.keys(planned.fields).length && !planned.force) return { ok: true, row, before: row, changed: false, merged: [] };

    const guard = target.guard(row.version);
    const entry = {
      actor: opts.actor,
      action: planned.action ?? opts.action,
      type: target.type,
      id: target.id,
      fields: { ...planned.fields, version: { before: row.version, after: row.version + 1 } },
    };
    const statements: BatchItem<"sqlite">[] = [
      historyInsertWhere(db, journalId, entry, guard),
      ...(planned.also?.(guard) ?? []),
      target.update(planned.set, row.version),
    ];
    const results = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
    const written = (results[results.length - 1] as Row[] | undefined)?.[0];
    if (written) return { ok: true, row: written, before: row, changed: true, merged };
    // Another write got in between the read and the batch: decide again on the new row.
  }
  const now = await target.read();
  if (!now) return { ok: false, refusal: { kind: "not_found" } };
  return { ok: false, refusal: { kind: "edit_conflict", version: now.version, changes: [], fields: [] } };
}

/** `exists (select 1 from <table> where <condition>)` for guards. */
export function existsWhere(table: SQL, condition: SQL): SQL {
  return sql`exists (select 1 from ${table} where ${condition})`;
}

/**
 * The guard and the UPDATE of a target: the row `self` of `table` while it is at a version, and
 * its update setting `set` and version + 1 where it still is, returning the row. `stamp` names a
 * column set to the moment of the write (the `updated_at` of editors and settings).
 */
export function versionedRow(db: Db, table: SQLiteTable & { version: SQLiteColumn }, self: SQL, stamp?: string): Pick<VersionedTarget<never>, "guard" | "update"> {
  const at = (version: number) => and(self, eq(table.version, version))!;
  return {
    guard: (version) => existsWhere(sql`${table}`, at(version)),
    update: (set, version) =>
      db
        .update(table)
        .set({ ...set, version: sql`${table.version} + 1`, ...(stamp ? { [stamp]: new Date().toISOString() } : {}) })
        .where(at(version))
        .returning(),
  };
}

// ---- Reading what a client sent ----------------------------------------------------------------

/** An entity-tag list of an `If-Match` header: null for absent or `*` (any current version). */
function parseIfMatch(header: string | null | undefined): string[] | null {
  if (header == null) return null;
  const value = header.trim();
  if (!value || value === "*") return null;
  // Strong comparison (RFC 9110 §13.1.1): weak tags never match; a malformed list matches nothing.
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.filter((t) => !t.startsWith("W/")).slice(0, 20);
}

/** A `version` a client sent (a positive whole number), undefined when absent, null when malformed. */
export function parseVersion(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,12}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** The fields an admin form says the person changed (`_changed`, comma separated). */
export function parseChanged(value: unknown): string[] | undefined {
  if (typeof value !== "string") return undefined;
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(s))
    .slice(0, 100);
}

/**
 * What a request names as its starting version: `If-Match` wins over a body `version`; `changed`
 * (the admin forms' `_changed`) allows a merge. `{error}` for a malformed version.
 */
export function expectationOf(ifMatch: string | null | undefined, version: unknown, changed?: unknown): Expectation | { error: "invalid_version" } {
  const tags = parseIfMatch(ifMatch);
  if (tags) return { kind: "if-match", tags };
  const v = parseVersion(version);
  if (v === null) return { error: "invalid_version" };
  if (v === undefined) return null;
  const fields = parseChanged(changed);
  return fields ? { kind: "version", version: v, changed: fields } : { kind: "version", version: v };
}
