/**
 * Search SQL measured directly against the same local D1 (through wrangler's platform proxy),
 * each query run the same way several times: the FTS5 batch of searchRanked (what /search and
 * /api/search run), a plain `LIKE '%word%'` scan, and the instr() substring
 * scan (the public search's query before FTS5).
 *
 * `rankedSearchStatements` is a copy of searchRanked's batch (app/models/search.server.ts):
 * app code cannot be imported into Node directly (extension-less imports). The copy is checked,
 * not trusted: test/workers/discovery.test.ts records the statements the real searchRanked sends
 * and asserts these are the same SQL with the same parameters — change both together.
 */
import { median } from "./stats.ts";

export interface SqlFigure {
  /** Median time SQLite spent (D1 result meta.duration), ms. */
  sqlMs: number;
  /** Median wall time of the call through the proxy, ms. */
  wallMs: number;
  rows: number;
}

/** searchRanked's ftsQuery: words only, each quoted and prefix-matched, at most 12. */
export function ftsQuery(input: string): string {
  const words = input.slice(0, 1000).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  return words
    .slice(0, 12)
    .map((w) => `"${w.slice(0, 64)}"*`)
    .join(" ");
}

/** Every article column aliased to its drizzle property name, in schema order (as searchRanked selects them). */
const ARTICLE_COLUMNS = (
  [
    ["id", "id"],
    ["journal_id", "journalId"],
    ["issue_id", "issueId"],
    ["refnumber", "refnumber"],
    ["title", "title"],
    ["authorname", "authorname"],
    ["abstract", "abstract"],
    ["keywords", "keywords"],
    ["description", "description"],
    ["pagenumber", "pagenumber"],
    ["first_page", "firstPage"],
    ["last_page", "lastPage"],
    ["search_title", "searchTitle"],
    ["search_abstract", "searchAbstract"],
    ["doi", "doi"],
    ["subject", "subject"],
    ["country", "country"],
    ["email", "email"],
    ["mobile", "mobile"],
    ["txnid", "txnid"],
    ["ptype", "ptype"],
    ["publishdate", "publishdate"],
    ["year", "year"],
    ["volume", "volume"],
    ["issue", "issue"],
    ["frequency", "frequency"],
    ["file", "file"],
    ["file_key", "fileKey"],
    ["status", "status"],
    ["createdby", "createdby"],
    ["modifiedby", "modifiedby"],
    ["creation", "creation"],
    ["modification", "modification"],
  ] as const
)
  .map(([column, prop]) => `a."${column}" AS "${prop}"`)
  .join(", ");

type Query = (db: D1Database, journalId: number, q: string) => D1PreparedStatement[];

/**
 * searchRanked's batch for the first page of a plain query (no year/volume filter, 20 per page):
 * the page ranked by bm25 with highlight and snippet, the total, the year/volume facets.
 */
export function rankedSearchStatements(db: D1Database, journalId: number, q: string, pageSize = 20, offset = 0): D1PreparedStatement[] {
  const match = ftsQuery(q);
  const where = "articles_fts MATCH ?1 AND a.journal_id = ?2 AND a.status = 'enabled'";
  const from = `FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE ${where}`;
  return [
    db
      .prepare(
        `SELECT ${ARTICLE_COLUMNS},
                highlight(articles_fts, 0, char(1), char(2)) AS "titleMarked",
                snippet(articles_fts, 3, char(1), char(2), '…', 28) AS "snippetMarked"
           ${from}
          ORDER BY bm25(articles_fts, 10.0, 5.0, 3.0, 1.0), a.id DESC
          LIMIT ${pageSize} OFFSET ${offset}`,
      )
      .bind(match, journalId),
    // Unfiltered, as the bench's searches are: the facets give the total too (no count query).
    db
      .prepare(
        `SELECT a.year AS year, a.volume AS volume, count(*) AS count
           FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE ${where}
          GROUP BY a.year, a.volume ORDER BY a.year DESC, a.volume DESC`,
      )
      .bind(match, journalId),
  ];
}

const fts: Query = (db, journalId, q) => rankedSearchStatements(db, journalId, q);

/** A plain LIKE scan over the same four columns, newest first, one page of 50. */
const like: Query = (db, journalId, q) => [
  db
    .prepare(
      `SELECT * FROM articles WHERE journal_id = ?1 AND status = 'enabled'
          AND (search_title LIKE ?2 OR authorname LIKE ?2 OR keywords LIKE ?2 OR search_abstract LIKE ?2)
        ORDER BY year DESC, volume DESC, issue DESC, first_page LIMIT 50`,
    )
    .bind(journalId, `%${q}%`),
];

/** instr over lower() of each column: the public search's query before it moved to FTS5 (no longer in the app). */
const instr: Query = (db, journalId, q) => [
  db
    .prepare(
      `SELECT * FROM articles WHERE journal_id = ?1 AND status = 'enabled' AND refnumber <> ''
          AND (instr(lower(title), ?2) > 0 OR instr(lower(authorname), ?2) > 0 OR instr(lower(abstract), ?2) > 0 OR instr(lower(keywords), ?2) > 0)
        ORDER BY year DESC, volume DESC, issue DESC, first_page LIMIT 51`,
    )
    .bind(journalId, q.toLowerCase()),
];

export const QUERIES = { fts, like, instr } as const;
export type QueryName = keyof typeof QUERIES;

async function once(db: D1Database, stmts: D1PreparedStatement[]): Promise<{ sql: number; wall: number; rows: number }> {
  const start = performance.now();
  const results = stmts.length === 1 ? [await stmts[0].all()] : await db.batch(stmts);
  const wall = performance.now() - start;
  const sql = results.reduce((sum, r) => sum + (r.meta?.duration ?? 0), 0);
  return { sql, wall, rows: results[0].results.length };
}

/**
 * Runs each query `runs` times per journal, interleaved (fts, like, instr, fts, …) so drifting
 * machine load hits all three alike; 2 warm-up rounds first. Returns figures per query per journal.
 */
export async function measureSearchSql(
  db: D1Database,
  journals: { label: string; id: number }[],
  q: string,
  runs: number,
): Promise<Record<string, Record<QueryName, SqlFigure>>> {
  const out: Record<string, Record<QueryName, SqlFigure>> = {};
  for (const j of journals) {
    const samples: Record<QueryName, { sql: number[]; wall: number[]; rows: number }> = {
      fts: { sql: [], wall: [], rows: 0 },
      like: { sql: [], wall: [], rows: 0 },
      instr: { sql: [], wall: [], rows: 0 },
    };
    for (let i = 0; i < runs + 2; i++) {
      for (const name of Object.keys(QUERIES) as QueryName[]) {
        const r = await once(db, QUERIES[name](db, j.id, q));
        if (i < 2) continue;
        samples[name].sql.push(r.sql);
        samples[name].wall.push(r.wall);
        samples[name].rows = r.rows;
      }
    }
    out[j.label] = Object.fromEntries(
      (Object.keys(samples) as QueryName[]).map((k) => [k, { sqlMs: median(samples[k].sql), wallMs: median(samples[k].wall), rows: samples[k].rows }]),
    ) as Record<QueryName, SqlFigure>;
  }
  return out;
}
