/**
 * What the admin actions share about versioned records (ADR 020): the version a form was
 * loaded with, a refused save as the form's conflict view, a merged save's notice, and a
 * record's History panel.
 */
import type { Db } from "../../db/client.server";
import { readRecordHistory } from "../../models/activity.server";
import type { HistoryItem } from "../../models/history.server";
import type { WriteFailure } from "../../models/staff-writes.server";
import { expectationOf, parseChanged, type Expectation } from "../../models/versioned.server";
import { RECORD_MESSAGES } from "../../schemas/messages";
import { entryViews } from "../../components/admin/history-view";
import type { Conflict } from "../../components/admin/Conflict";
import { flash } from "../../components/admin/flash";

/**
 * The version an admin form names (its hidden `version`, and `_changed`: the fields the person
 * changed, so a save on top of someone else's change of other fields keeps both). A page
 * without them (an old tab) saves as before.
 */
export function formExpectation(form: FormData): Expectation {
  const found = expectationOf(null, form.get("version") ?? undefined, form.get("_changed") ?? undefined);
  return found && "error" in found ? null : found;
}

/** A form's fields without the version bookkeeping. */
export function withoutVersion<T extends Record<string, unknown>>(input: T): T {
  const { version: _v, _changed: _c, ...rest } = input;
  return rest as T;
}

/**
 * A 409 edit_conflict as the form's conflict view: the stored values (given by the page), what
 * changed since, and what the person typed in the fields they changed (from the form sent, so
 * a page rendered by the server — no script yet — shows and keeps them too).
 */
export function conflictView<T extends Record<string, string>>(failure: WriteFailure, values: T, timeZone: string, form?: FormData): Conflict<T> | null {
  if (failure.code !== "edit_conflict" || !failure.conflict) return null;
  const typed: Record<string, string> = {};
  for (const key of parseChanged(form?.get("_changed") ?? undefined) ?? []) {
    // The last value: a switch sends a hidden "0" before its box's "1".
    const value = form?.getAll(key).at(-1);
    if (key in values && typeof value === "string") typed[key] = value;
  }
  return {
    key: `${failure.conflict.version}-${Date.now()}`,
    version: failure.conflict.version,
    values,
    typed,
    changes: entryViews(failure.conflict.changes, timeZone, {}, true),
    fields: failure.conflict.fields,
  };
}

/** The success notice of a save that went on top of others' changes to other fields. */
export function mergedNotice(msg: string, merged: HistoryItem[] | undefined) {
  if (!merged?.length) return flash("success", msg);
  const people = [...new Set(merged.map((m) => m.actor))].join(", ");
  return flash("success", msg, RECORD_MESSAGES.mergedWith(people));
}

/**
 * A list's switch or pin refused because someone else changed the same records meanwhile
 * (`what`: which ones, as the list names them): who, and that the reloaded list shows it.
 */
export function listConflictFlash(changes: HistoryItem[], what: string) {
  const people = [...new Set(changes.map((c) => c.actor))].join(", ");
  return flash("error", RECORD_MESSAGES.conflictTitle, RECORD_MESSAGES.listChangedMeanwhile(people, what));
}

/** A record's History panel, ready to render (`read`: entries already read with the page). */
export async function historyPanel(db: Db, journalId: number, type: string, id: string | number, timeZone: string, read?: { entries: HistoryItem[]; older: boolean }) {
  const page = read ?? (await readRecordHistory(db, journalId, type, id));
  const query = type === "settings" ? "type=settings" : `type=${type}&id=${id}`;
  return { entries: entryViews(page.entries, timeZone, {}, true), more: page.older, allHref: `/admin/activity?${query}` };
}
