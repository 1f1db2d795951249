/**
 * The one-off cleanup that migration 0012 asks for, so rows stored before HTML was cleaned on write are cleaned too: every stored HTML field of
 * every entity is run through the same cleaning the writes use (`cleanHtmlFields`), page by
 * page. It talks to D1 through a statement runner so that the same code cleans the local D1
 * (the binding) and production (`wrangler d1 execute --remote`, scripts/clean-html.ts).
 * Idempotent: cleaning clean HTML changes nothing, so a second run writes no row.
 */
import { htmlToText } from "../lib/html";
import { cleanHtmlFields, HTML_FIELDS, type HtmlEntity } from "../schemas/html-fields";
import { changedFields, historyRow, type Actor, type HistoryEntry } from "./history.server";

/**
 * An entry as a plain statement for the runner (the cleanup talks SQL, not drizzle), written only
 * while the row is still at `version` — the condition of the write it goes with.
 */
export function historyInsertSql(journalId: number, entry: HistoryEntry, table: string, key: string, id: number, version: number): Statement {
  const r = historyRow(journalId, entry);
  return {
    sql: `INSERT INTO history (journal_id, actor_kind, actor_user_id, actor, action, record_type, record_id, fields) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM ${table} WHERE ${key} = ? AND version = ?)`,
    params: [r.journalId, r.actorKind, r.actorUserId, r.actor, r.action, r.recordType, r.recordId, r.fields, id, version],
  };
}

export type SqlValue = string | number | null;
export interface Statement {
  sql: string;
  params: SqlValue[];
}
/** Runs statements in order (one batch) and answers each one's rows. */
export type StatementRunner = (statements: Statement[]) => Promise<Record<string, unknown>[][]>;

export const CLEAN_HTML_JOB = "clean-html";

/** A runner over a D1 binding (local D1, tests). */
export function d1Runner(db: D1Database): StatementRunner {
  return async (statements) => {
    const results = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
    return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
  };
}

const KEYS: Record<HtmlEntity, string> = { articles: "id", editors: "id", settings: "journal_id" };
const PAGE = 100;

export interface CleanupResult {
  /** False when the job was not requested or already done (nothing read). */
  ran: boolean;
  changed: Record<HtmlEntity, number>;
  /** Rows whose cleaned value could not be stored (e.g. two titles equal once cleaned). */
  failed: string[];
}

const RECORD_TYPE: Record<HtmlEntity, string> = { articles: "article", editors: "editor", settings: "settings" };

/**
 * `journalId` limits the run to one journal (tests); the flag is then left as it is. `actor`:
 * who ran it, for the history entry each cleaned row gets with its write (default: the job).
 */
export async function cleanStoredHtml(run: StatementRunner, options: { force?: boolean; journalId?: number; actor?: Actor } = {}): Promise<CleanupResult> {
  const actor: Actor = options.actor ?? { kind: "system", job: CLEAN_HTML_JOB };
  const changed: Record<HtmlEntity, number> = { articles: 0, editors: 0, settings: 0 };
  const failed: string[] = [];
  const [jobs] = await run([{ sql: "SELECT done_at FROM maintenance_jobs WHERE name = ?", params: [CLEAN_HTML_JOB] }]);
  if (!options.force && (!jobs[0] || jobs[0].done_at)) return { ran: false, changed, failed };

  for (const entity of Object.keys(HTML_FIELDS) as HtmlEntity[]) {
    const key = KEYS[entity];
    const columns = Object.keys(HTML_FIELDS[entity]);
    let after = 0;
    for (;;) {
      const [rows] = await run([
        {
          sql: `SELECT ${key} AS k, journal_id AS j, version AS v, ${columns.join(", ")} FROM ${entity} WHERE ${key} > ?${options.journalId ? " AND journal_id = ?" : ""} ORDER BY ${key} LIMIT ${PAGE}`,
          params: options.journalId ? [after, options.journalId] : [after],
        },
      ]);
      for (const row of rows) {
        const stored = Object.fromEntries(columns.map((c) => [c, String(row[c] ?? "")]));
        const clean = cleanHtmlFields(entity, stored);
        const diff = columns.filter((c) => clean[c] !== stored[c]);
        if (!diff.length) continue;
        const set: Record<string, SqlValue> = Object.fromEntries(diff.map((c) => [c, clean[c]]));
        if (entity === "articles") {
          // The copies written beside title and abstract follow them (see addArticleWithPdf).
          set.description = clean.title;
          set.search_title = htmlToText(clean.title);
          set.search_abstract = htmlToText(clean.abstract);
        }
        const names = Object.keys(set);
        // The row's history entry goes with its write (ADR 019), and its version moves on, so a
        // form loaded before the cleanup does not silently write the old HTML back (ADR 020).
        const version = Number(row.v);
        const fields = { ...changedFields(stored, Object.fromEntries(diff.map((c) => [c, clean[c]]))), version: { before: version, after: version + 1 } };
        const entry = historyInsertSql(Number(row.j), { actor, action: "clean_html", type: RECORD_TYPE[entity], id: entity === "settings" ? "" : Number(row.k), fields }, entity, key, Number(row.k), version);
        try {
          await run([
            entry,
            { sql: `UPDATE ${entity} SET ${names.map((n) => `${n} = ?`).join(", ")}, version = version + 1 WHERE ${key} = ? AND version = ?`, params: [...names.map((n) => set[n]), Number(row.k), version] },
          ]);
          changed[entity]++;
        } catch (error) {
          failed.push(`${entity} ${key}=${row.k}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1].k);
    }
  }
  if (!failed.length && !options.journalId) {
    await run([{ sql: "UPDATE maintenance_jobs SET done_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE name = ?", params: [CLEAN_HTML_JOB] }]);
  }
  return { ran: true, changed, failed };
}
