/**
 * Article search: ranked full-text search over the FTS5 index (reader pages and the JSON API)
 * and the staff search.
 */
import { getTableColumns } from "drizzle-orm";
import { d1Of, type Db } from "../db/client.server";
import { articles } from "../db/schema";
import { highlightTitleHtml, markedToHtml } from "../lib/highlight";
import { PUBLIC_ARTICLE_FIELDS, type Article, type PublicArticle } from "../lib/article";

const SEARCH_PAGE_SIZE = 50;
const MAX_KEYWORD_LENGTH = 200;

export async function searchArticles(db: Db, journalId: number, keyword: string, limit = SEARCH_PAGE_SIZE, offset = 0): Promise<PublicArticle[]> {
  // Ranked full-text search (FTS5); odd input is reduced to plain words, never an error.
  const { hits } = await searchRanked(db, journalId, { q: keyword.slice(0, MAX_KEYWORD_LENGTH * 5), pageSize: Math.min(limit, 100), offset, rowsOnly: true });
  return hits.map((h) => h.article);
}

/** Staff search over refnumber, txnid, title, authors and e-mail (all statuses). */
export async function adminSearchArticles(db: Db, journalId: number, q: string, limit = 100): Promise<Article[]> {
  return (await adminSearchPage(db, journalId, q, { pageSize: limit, page: 1, count: false })).rows;
}

export const ADMIN_SEARCH_PAGE_SIZE = 20;

/**
 * One page of the staff search and its total, in one D1 round trip, without reading the whole
 * journal (the admin stays fast at 100k articles): the reference number and the
 * transaction ID by their unique indexes, an e-mail by its index, title and author words in
 * the two FTS5 indexes — articles_fts (enabled articles, the public search's) and
 * articles_fts_disabled (migration 0015) — so an article of either status is found by the same
 * words and prefixes, and nothing is scanned; newest issue first.
 */
export async function adminSearchPage(
  db: Db,
  journalId: number,
  q: string,
  opts: { page?: number; pageSize?: number; count?: boolean } = {},
): Promise<{ rows: Article[]; total: number }> {
  const text = q.trim().slice(0, MAX_KEYWORD_LENGTH);
  if (!text) return { rows: [], total: 0 };
  const lower = text.toLowerCase();
  const pageSize = Math.min(Math.max(opts.pageSize ?? ADMIN_SEARCH_PAGE_SIZE, 1), 100);
  const offset = (Math.min(Math.max(Math.floor(opts.page ?? 1), 1), 1000) - 1) * pageSize;
  const terms = ftsQuery(text);
  const params: (string | number)[] = [journalId, text, text.toUpperCase(), lower];
  const parts = [
    "SELECT id FROM articles WHERE journal_id = ?1 AND refnumber = ?2",
    "SELECT id FROM articles WHERE journal_id = ?1 AND txnid IN (?2, ?3, ?4)",
    "SELECT id FROM articles WHERE journal_id = ?1 AND lower(email) = ?4",
  ];
  if (terms) {
    params.push(`{search_title authorname} : (${terms})`);
    const m = params.length;
    parts.push(`SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ?${m}`);
    parts.push(`SELECT rowid AS id FROM articles_fts_disabled WHERE articles_fts_disabled MATCH ?${m}`);
  }
  const hits = `WITH hits(id) AS (${parts.join(" UNION ")}) `;
  // The matches drive the query (CROSS JOIN fixes the join order): left to itself, SQLite
  // walks the journal's whole (journal, year, volume, issue, page) index and probes the
  // matches — fine at 1k, 100k index entries at 100k. The FTS5 arms match every journal's
  // articles (the indexes are shared), so each match is checked against this journal and given
  // its issue order in the narrow (id, journal, year, volume, issue, page) index (migration
  // 0015), without reading its wide row.
  // The trash is searched by no one: the narrow index carries the status too (migration 0018).
  const inJournal = "FROM hits CROSS JOIN articles s INDEXED BY articles_id_sort_idx ON s.id = hits.id AND s.journal_id = ?1 AND s.status <> 'trashed'";
  const order = (t: string) => `${t}.year DESC, ${t}.volume DESC, ${t}.issue DESC, ${t}.first_page, ${t}.id`;
  const d1 = d1Of(db);
  // One pass: the matches are sorted on their issue and page only (the total counted on the
  // way), and whole rows (abstracts included) are read for the one page shown.
  const { results } = await d1
    .prepare(
      `${hits}, page(id, total) AS (SELECT s.id, count(*) OVER () ${inJournal} ORDER BY ${order("s")} LIMIT ${pageSize} OFFSET ${offset})
       SELECT ${ARTICLE_COLUMNS}, page.total AS "__total" FROM page JOIN articles a ON a.id = page.id ORDER BY ${order("a")}`,
    )
    .bind(...params)
    .all<Record<string, unknown>>();
  const rows = (results ?? []).map(({ __total: _t, ...row }) => row) as unknown as Article[];
  let total = Number(results?.[0]?.__total ?? 0);
  // A page past the end has no rows to carry the total: count separately (a second round trip, that case only).
  if (!rows.length && offset > 0 && opts.count !== false) {
    total = Number((await d1.prepare(`${hits}SELECT count(*) AS n ${inJournal}`).bind(...params).first<{ n: number }>())?.n ?? 0);
  }
  return { rows, total };
}

// ---- Ranked full-text search (FTS5) --------------------------------------------------------

export const RANKED_PAGE_SIZE = 20;

// Every article column aliased to its property name, so raw FTS queries return Article rows.
const ARTICLE_COLUMNS = Object.entries(getTableColumns(articles))
  .map(([prop, col]) => `a."${col.name}" AS "${prop}"`)
  .join(", ");
// What the public JSON API shows of an article: its search reads only these columns.
const PUBLIC_FIELDS: ReadonlySet<string> = new Set(PUBLIC_ARTICLE_FIELDS);
const PUBLIC_API_COLUMNS = Object.entries(getTableColumns(articles))
  .filter(([prop]) => PUBLIC_FIELDS.has(prop))
  .map(([prop, col]) => `a."${col.name}" AS "${prop}"`)
  .join(", ");
const MAX_TERMS = 12;


/**
 * Turns whatever a reader typed into a safe FTS5 query: words only (a letter or digit, then
 * letters, digits and combining marks), each quoted and prefix-matched, all required. Quotes,
 * `*`, `%`, `_`, NEAR, AND/OR and parentheses in the input are treated as plain words or
 * separators, never as syntax. Input with no words (punctuation, emoji, stray combining marks)
 * gives "" so the caller returns no results without asking the database.
 */
export function ftsQuery(input: string): string {
  const words = input.slice(0, 1000).match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  return words
    .slice(0, MAX_TERMS)
    .map((w) => `"${w.slice(0, 64)}"*`)
    .join(" ");
}

interface RankedWhere {
  match: string;
  params: (string | number)[];
  baseWhere: string;
  where: string;
  from: string;
}

/** The FTS5 match and WHERE clause of a ranked search; null when the query has no words. */
function rankedWhere(journalId: number, opts: { q: string; author?: boolean; year?: number; volume?: number }): RankedWhere | null {
  const terms = ftsQuery(opts.q);
  // Author pages: the name as a phrase in the authors column only.
  const match = opts.author && terms ? `authorname : "${terms.replace(/"\*?/g, "").replace(/\s+/g, " ")}"` : terms;
  if (!match) return null;
  const params: (string | number)[] = [match, journalId];
  const baseWhere = "articles_fts MATCH ?1 AND a.journal_id = ?2 AND a.status = 'enabled'";
  let where = baseWhere;
  if (opts.year !== undefined && Number.isInteger(opts.year)) {
    params.push(opts.year);
    where += ` AND a.year = ?${params.length}`;
  }
  if (opts.volume !== undefined && Number.isInteger(opts.volume)) {
    params.push(opts.volume);
    where += ` AND a.volume = ?${params.length}`;
  }
  return { match, params, baseWhere, where, from: `FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE ${where}` };
}

/**
 * The one batch of a ranked search page: the rows ranked by bm25 with highlight and snippet, the
 * count (filtered searches only), the year/volume facets, and the reference-number lookup when
 * `ref` is a reference number. The facets (every year/volume with matches, unfiltered) also
 * give the total when no filter is set, which spares a third pass over the matches.
 */
function rankedStatements(d1: D1Database, journalId: number, w: RankedWhere, pageSize: number, offset: number, ref: string) {
  const filtered = w.where !== w.baseWhere;
  const rowsStatement = d1
    .prepare(
      `SELECT ${ARTICLE_COLUMNS},
              highlight(articles_fts, 0, char(1), char(2)) AS "titleMarked",
              snippet(articles_fts, 3, char(1), char(2), '…', 28) AS "snippetMarked"
         ${w.from}
        ORDER BY bm25(articles_fts, 10.0, 5.0, 3.0, 1.0), a.id DESC
        LIMIT ${pageSize} OFFSET ${offset}`,
    )
    .bind(...w.params);
  const facetStatement = d1
    .prepare(
      `SELECT a.year AS year, a.volume AS volume, count(*) AS count
         FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE ${w.baseWhere}
        GROUP BY a.year, a.volume ORDER BY a.year DESC, a.volume DESC`,
    )
    .bind(w.match, journalId);
  const refStatement = /^\d{1,20}$/.test(ref)
    ? d1.prepare(`SELECT ${ARTICLE_COLUMNS} FROM articles a WHERE a.journal_id = ?1 AND a.refnumber = ?2 AND a.status = 'enabled'`).bind(journalId, ref)
    : null;
  const statements = filtered ? [rowsStatement, d1.prepare(`SELECT count(*) AS n ${w.from}`).bind(...w.params), facetStatement] : [rowsStatement, facetStatement];
  if (refStatement) statements.push(refStatement);
  return { statements, filtered, refStatement };
}

/**
 * The statements searchRanked sends for the first page of a plain query (no filters): what the
 * bench (scripts/bench/sql.ts) times against a large local D1, so it measures the app's own SQL.
 */
export function rankedSearchStatements(d1: D1Database, journalId: number, q: string, pageSize = RANKED_PAGE_SIZE, offset = 0): D1PreparedStatement[] {
  const w = rankedWhere(journalId, { q });
  return w ? rankedStatements(d1, journalId, w, pageSize, offset, "").statements : [];
}

export interface RankedHit {
  article: Article;
  /** Safe HTML: the formatted title (italics kept) with matched words in <mark>. */
  titleHtml: string;
  /** Safe HTML: an abstract excerpt around the matches, words in <mark>. */
  snippetHtml: string;
}

export interface RankedSearch {
  hits: RankedHit[];
  total: number;
  page: number;
  pageSize: number;
  /** Matches per year and volume (ignoring the year/volume filters), for refining. */
  facets: { year: number; volume: number; count: number }[];
  /** With `refLookup`: the enabled article whose reference number is the query, if any: staff and readers type reference numbers. */
  refMatch?: RankedHit;
}

/**
 * Ranked search over a journal's enabled articles: bm25 weighted title > authors > keywords >
 * abstract, prefix matching, diacritics-insensitive, optional year/volume filters, paged.
 * One D1 round trip (the page and the total in one batch).
 *
 * The triggers keep only enabled articles in the index, but the status is checked here too: an
 * index filled some other way (an old backup's or a hand-run FTS5 'rebuild') must not put a
 * disabled article on /search, /api/search or an author page. The check is on the row already
 * fetched by rowid for each FTS match, so the plan stays "FTS5 MATCH, then articles by primary
 * key" (test/workers/search.test.ts asserts that plan).
 */
export async function searchRanked(
  db: Db,
  journalId: number,
  opts: {
    q: string;
    author?: boolean;
    year?: number;
    volume?: number;
    page?: number;
    pageSize?: number;
    offset?: number;
    /**
     * Only the ranked rows, with the public API's fields (the JSON API): no count, facets,
     * highlights, snippets, search copies or staff fields.
     */
    rowsOnly?: boolean;
    /** A query that is a reference number also looks that article up (same round trip). */
    refLookup?: boolean;
  },
): Promise<RankedSearch> {
  const pageSize = Math.min(Math.max(opts.pageSize ?? RANKED_PAGE_SIZE, 1), 100);
  const page = Math.min(Math.max(Math.floor(opts.page ?? 1), 1), 1000);
  const offset = opts.offset ?? (page - 1) * pageSize;
  const w = rankedWhere(journalId, opts);
  if (!w) return { hits: [], total: 0, page, pageSize, facets: [] };
  const d1 = d1Of(db);
  if (opts.rowsOnly) {
    const { results } = await d1
      .prepare(`SELECT ${PUBLIC_API_COLUMNS} ${w.from} ORDER BY bm25(articles_fts, 10.0, 5.0, 3.0, 1.0), a.id DESC LIMIT ${pageSize} OFFSET ${offset}`)
      .bind(...w.params)
      .all<Record<string, unknown>>();
    const hits = (results ?? []).map((row) => ({ article: row as unknown as Article, titleHtml: "", snippetHtml: "" }));
    return { hits, total: hits.length, page, pageSize, facets: [] };
  }
  const { statements, filtered, refStatement } = rankedStatements(d1, journalId, w, pageSize, offset, opts.refLookup ? opts.q.trim() : "");
  const results = await d1.batch<Record<string, unknown>>(statements);
  const refRow = refStatement ? (results.pop()?.results?.[0] as Article | undefined) : undefined;
  const refMatch = refRow ? { article: refRow, titleHtml: highlightTitleHtml(String(refRow.title ?? ""), ""), snippetHtml: "" } : undefined;
  const rows = results[0];
  const facetRows = results[results.length - 1];
  const count = filtered ? results[1] : null;
  const hits = (rows.results ?? []).map((row) => {
    const { titleMarked, snippetMarked, ...article } = row as Record<string, unknown> & { titleMarked: string; snippetMarked: string };
    return {
      article: article as unknown as Article,
      titleHtml: highlightTitleHtml(String(article.title ?? ""), String(titleMarked ?? "")),
      snippetHtml: markedToHtml(String(snippetMarked ?? "")),
    };
  });
  const allFacets = (facetRows.results ?? []).map((f) => ({ year: Number(f.year), volume: Number(f.volume), count: Number(f.count) }));
  const total = count ? Number((count.results?.[0] as { n?: number } | undefined)?.n ?? 0) : allFacets.reduce((n, f) => n + f.count, 0);
  const facets = allFacets.slice(0, 100);
  return { hits, total, page, pageSize, facets, refMatch };
}
