/**
 * Search SQL measured directly against the same local D1 (through wrangler's platform proxy),
 * each query run the same way several times: the FTS5 batch of searchRanked (what /search and
 * /api/search run), a plain `LIKE '%word%'` scan, and the instr() substring
 * scan (the public search's query before FTS5).
 *
 * The FTS5 batch is the app's own (`rankedSearchStatements` of app/models/search.server.ts, the
 * statements searchRanked sends), loaded through scripts/lib/ts-resolve.mjs as the seed and the
 * node tests load app modules; no copy of its SQL lives here.
 */
import "../lib/ts-resolve.mjs";
import { median } from "./stats.ts";

const { rankedSearchStatements } = await import("../../app/models/search.server.ts");

export interface SqlFigure {
  /** Median time SQLite spent (D1 result meta.duration), ms. */
  sqlMs: number;
  /** Median wall time of the call through the proxy, ms. */
  wallMs: number;
  rows: number;
}

type Query = (db: D1Database, journalId: number, q: string) => D1PreparedStatement[];

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
