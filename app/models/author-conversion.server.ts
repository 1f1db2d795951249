/**
 * The one-off conversion migration 0029 asks for: every article whose `authors` is still '[]'
 * gets its byline (`authorname`) as a list of people, split by the site's one name rule
 * (app/lib/authors.ts authorFromName → app/lib/names.ts), the printed names kept exactly, so
 * certificates' codes (bound to the printed name) and author pages stay as they were. Names
 * the rule cannot split with confidence are reported for staff to check on the article form.
 * Talks to D1 through a statement runner, so the same code converts the local D1 and
 * production (scripts/structure-authors.ts). Idempotent: a converted row is never read again.
 */
import { authorFromName, serialiseAuthors } from "../lib/authors";
import { splitAuthors, stripHonorifics } from "../lib/names";
import { changedFields, type Actor } from "./history.server";
import { historyInsertSql, type Statement, type StatementRunner } from "./html-cleanup.server";

export const STRUCTURE_AUTHORS_JOB = "structure-authors";
const PAGE = 200;
const WRITE_BATCH = 25;

export interface UnsplitName {
  journal: string;
  refnumber: string;
  /** 1-based place in the byline. */
  position: number;
  name: string;
  reason: string;
}

export interface ConversionResult {
  /** False when the job was not requested or already done (nothing read). */
  ran: boolean;
  converted: number;
  /** Names stored with a guess staff should confirm (or with the whole name as family name). */
  unsplit: UnsplitName[];
  failed: string[];
}

/** Why the name rule's split of this name needs a person's eye, or '' when it does not. */
export function splitDoubt(name: string): string {
  const bare = stripHonorifics(name);
  if (!bare || /^\(?(?:dr|prof|mr|mrs|ms|shri|smt)\.?\)?$/i.test(bare)) return "only a title: no name to split";
  const { given, family } = authorFromName(name);
  if (!given) return "one word: stored as the family name with no given name";
  // 'Sharma R.K.' or 'Sharma R': written surname first, the rule read an initial as the surname.
  if (/^\p{L}\.?$/u.test(family)) return `written surname first? the family name was read as "${family}"`;
  return "";
}

/**
 * Converts the rows still without a list. `journalId` limits the run to one journal (tests);
 * the job is then left as it is. `force` runs although the job is marked done. `actor`: who ran
 * it, for the history entry each converted row gets with its write (default: the job).
 */
export async function structureStoredAuthors(run: StatementRunner, options: { force?: boolean; journalId?: number; actor?: Actor } = {}): Promise<ConversionResult> {
  const actor: Actor = options.actor ?? { kind: "system", job: STRUCTURE_AUTHORS_JOB };
  const result: ConversionResult = { ran: false, converted: 0, unsplit: [], failed: [] };
  const [jobs] = await run([{ sql: "SELECT done_at FROM maintenance_jobs WHERE name = ?", params: [STRUCTURE_AUTHORS_JOB] }]);
  if (!options.force && (!jobs[0] || jobs[0].done_at)) return result;
  result.ran = true;
  let after = 0;
  for (;;) {
    const [rows] = await run([
      {
        sql: `SELECT a.id AS id, a.journal_id AS journal_id, a.version AS version, a.authors AS authors, a.refnumber AS refnumber, a.authorname AS authorname, j.slug AS journal
              FROM articles a JOIN journals j ON j.id = a.journal_id
              WHERE a.id > ? AND a.authors IN ('[]', '')${options.journalId ? " AND a.journal_id = ?" : ""}
              ORDER BY a.id LIMIT ${PAGE}`,
        params: options.journalId ? [after, options.journalId] : [after],
      },
    ]);
    const writes = rows.map((row): { id: number; statements: Statement[] } => {
      const authorname = String(row.authorname ?? "");
      const names = splitAuthors(authorname);
      names.forEach((name, i) => {
        const reason = splitDoubt(name);
        if (reason) result.unsplit.push({ journal: String(row.journal), refnumber: String(row.refnumber), position: i + 1, name, reason });
      });
      const id = Number(row.id);
      const version = Number(row.version);
      const authors = serialiseAuthors(names.map(authorFromName));
      // The row's history entry goes with its write (ADR 019) and its version moves on (ADR 020).
      const fields = { ...changedFields({ authors: String(row.authors ?? "") }, { authors }), version: { before: version, after: version + 1 } };
      return {
        id,
        statements: [
          historyInsertSql(Number(row.journal_id), { actor, action: "structure_authors", type: "article", id, fields }, "articles", "id", id, version),
          // Only if nobody saved the article since it was read: a staff edit wrote its own list.
          { sql: "UPDATE articles SET authors = ?, version = version + 1 WHERE id = ? AND version = ? AND authors IN ('[]', '') AND authorname = ?", params: [authors, id, version, authorname] },
        ],
      };
    });
    // In small batches: production runs them as one `wrangler d1 execute --command` argument each.
    for (let k = 0; k < writes.length; k += WRITE_BATCH) {
      const part = writes.slice(k, k + WRITE_BATCH);
      try {
        await run(part.flatMap((w) => w.statements));
        result.converted += part.length;
      } catch (error) {
        result.failed.push(`articles ${part[0].id}–${part[part.length - 1].id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (rows.length < PAGE) break;
    after = Number(rows[rows.length - 1].id);
  }
  if (!options.journalId && !result.failed.length) {
    await run([{ sql: "UPDATE maintenance_jobs SET done_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE name = ?", params: [STRUCTURE_AUTHORS_JOB] }]);
  }
  return result;
}
