import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { d1Of, type Db } from "../db/client.server";
import { articles } from "../db/schema";
import { errorText, isUniqueViolation } from "../utils/errors.server";
import { articleFileKey } from "../utils/storage.server";
import { decodeEntities, escapeHtml, htmlToText, sanitizeHtml, TITLE_PROFILE } from "../utils/html";

export type Article = typeof articles.$inferSelect;

export interface NewArticle {
  issueId: number;
  refnumber: string;
  title: string;
  authorname: string;
  abstract?: string;
  keywords?: string;
  pagenumber: string;
  subject?: string;
  country?: string;
  email?: string;
  mobile?: string;
  txnid: string;
  ptype?: "paid" | "free";
  publishdate: string;
  year: number;
  volume: number;
  issue: number;
  frequency?: string;
  file?: string;
  status?: "enabled" | "disabled";
  createdby?: string;
}

export type ArticleWriteErrorCode = "duplicate_reference_number" | "duplicate_title" | "duplicate_txnid";

export class ArticleWriteError extends Error {
  readonly code: ArticleWriteErrorCode;
  constructor(code: ArticleWriteErrorCode) {
    super(code);
    this.code = code;
  }
}

/** Plain-text copies of title and abstract for the full-text index. */
export function searchText(title: string, abstract: string) {
  return { searchTitle: htmlToText(title), searchAbstract: htmlToText(abstract) };
}

/** Parses '12-18' into [12, 18]; null when it is not two numbers joined by a hyphen. */
export function parsePageRange(pagenumber: string): [number, number] | null {
  const m = /^\s*(\d{1,6})\s*-\s*(\d{1,6})\s*$/.exec(pagenumber);
  if (!m) return null;
  return [Number(m[1]), Number(m[2])];
}

/** Maps a D1 unique-constraint failure to the spec's error code. */
export function uniqueViolation(error: unknown): ArticleWriteErrorCode | null {
  if (!isUniqueViolation(error)) return null;
  const message = errorText(error);
  if (message.includes("articles.refnumber")) return "duplicate_reference_number";
  if (message.includes("articles.txnid")) return "duplicate_txnid";
  if (message.includes("articles.title")) return "duplicate_title";
  return null;
}

export async function createArticle(db: Db, journalId: number, input: NewArticle): Promise<Article> {
  const pages = parsePageRange(input.pagenumber);
  if (!pages) throw new Error("invalid_pagenumber");
  try {
    const [row] = await db
      .insert(articles)
      .values({
        ...input,
        journalId,
        description: input.title,
        ...searchText(input.title, input.abstract ?? ""),
        firstPage: pages[0],
        lastPage: pages[1],
        modifiedby: input.createdby ?? "",
      })
      .returning();
    return row;
  } catch (error) {
    const code = uniqueViolation(error);
    if (code) throw new ArticleWriteError(code);
    throw error;
  }
}

/** Query for an issue's public table of contents: enabled, with a refnumber, by first page. */
export function issueArticlesQuery(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.year, year),
        eq(articles.volume, volume),
        eq(articles.issue, issue),
        eq(articles.status, "enabled"),
        sql`${articles.refnumber} <> ''`,
      ),
    )
    .orderBy(asc(articles.firstPage), asc(articles.id));
}

export async function listIssueArticles(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return issueArticlesQuery(db, journalId, year, volume, issue);
}

/** One enabled article by refnumber, or undefined. */
export async function getPublicArticleByRef(db: Db, journalId: number, refnumber: string) {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, refnumber), eq(articles.status, "enabled")))
    .limit(1);
  return rows[0];
}

export async function getArticleById(db: Db, journalId: number, id: number) {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.id, id)))
    .limit(1);
  return rows[0];
}

export const SEARCH_PAGE_SIZE = 50;
const MAX_KEYWORD_LENGTH = 200;

/**
 * Public keyword search: enabled articles whose title, authors, abstract or keywords contain
 * the text, case-insensitively (spec §2 search). Odd input (quotes, %, emoji, long strings) is
 * matched literally and never errors. Newest issues first, then page order.
 */
export function searchArticlesQuery(db: Db, journalId: number, keyword: string, limit = SEARCH_PAGE_SIZE, offset = 0) {
  // instr() rather than LIKE: D1 caps LIKE patterns at 50 bytes, and instr needs no escaping.
  const needle = keyword.trim().slice(0, MAX_KEYWORD_LENGTH).toLowerCase();
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.status, "enabled"),
        sql`${articles.refnumber} <> ''`,
        sql`(instr(lower(${articles.title}), ${needle}) > 0 or instr(lower(${articles.authorname}), ${needle}) > 0 or instr(lower(${articles.abstract}), ${needle}) > 0 or instr(lower(${articles.keywords}), ${needle}) > 0)`,
      ),
    )
    .orderBy(sql`${articles.year} desc`, sql`${articles.volume} desc`, sql`${articles.issue} desc`, asc(articles.firstPage))
    .limit(limit)
    .offset(offset);
}

export async function searchArticles(db: Db, journalId: number, keyword: string, limit = SEARCH_PAGE_SIZE, offset = 0) {
  // Ranked full-text search (FTS5); odd input is reduced to plain words, never an error.
  const { hits } = await searchRanked(db, journalId, { q: keyword.slice(0, MAX_KEYWORD_LENGTH * 5), pageSize: Math.min(limit, 100), offset, rowsOnly: true });
  return hits.map((h) => h.article);
}

/** Every article of an issue for staff (enabled and disabled), in page order. */
export async function listIssueArticlesForAdmin(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(asc(articles.firstPage), asc(articles.id));
}

/** Staff search over refnumber, txnid, title, authors and e-mail (all statuses). */
export async function adminSearchArticles(db: Db, journalId: number, q: string, limit = 100) {
  const text = q.trim().slice(0, MAX_KEYWORD_LENGTH).toLowerCase();
  if (!text) return [];
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        sql`(${articles.refnumber} = ${text} or lower(${articles.txnid}) = ${text} or instr(lower(${articles.title}), ${text}) > 0 or instr(lower(${articles.authorname}), ${text}) > 0 or instr(lower(${articles.email}), ${text}) > 0)`,
      ),
    )
    .orderBy(sql`${articles.year} desc`, sql`${articles.volume} desc`, sql`${articles.issue} desc`, asc(articles.firstPage))
    .limit(limit);
}

/** Last page used so far in an issue (0 for an empty issue): a new article must start after it. */
export async function lastPageOfIssue(db: Db, journalId: number, issueId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${articles.lastPage}), 0)` })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.issueId, issueId)));
  return row?.last ?? 0;
}

export async function countArticles(db: Db, journalId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(articles).where(eq(articles.journalId, journalId));
  return row?.n ?? 0;
}

// ---- Writes that span D1 and R2 -------------------------------------------------------------

export interface ArticleFields {
  refnumber: string;
  txnid: string;
  ptype: "paid" | "free";
  publishdate: string;
  authorname: string;
  email: string;
  mobile: string;
  country: string;
  subject: string;
  keywords: string;
  pagenumber: string;
  firstPage: number;
  lastPage: number;
  title: string;
  abstract: string;
  frequency: string;
  status: "enabled" | "disabled";
  doi?: string;
}

export interface IssueRef {
  id: number;
  year: number;
  volume: number;
  issue: number;
  frequency: string;
}

type Storage = { DB: D1Database; FILES: R2Bucket };

function pdfObjectName(refnumber: string): string {
  return `${refnumber}-${crypto.randomUUID().slice(0, 12)}.pdf`;
}

/**
 * Adds an article with its PDF, all or nothing: the PDF goes to a fresh R2 object first; if
 * the row can't be written (duplicate, D1 failure) that object is deleted again.
 */
export async function addArticleWithPdf(
  env: Storage,
  db: Db,
  journalId: number,
  issue: IssueRef,
  fields: ArticleFields,
  pdf: Uint8Array,
  username: string,
): Promise<Article> {
  const objectName = pdfObjectName(fields.refnumber);
  const key = articleFileKey(journalId, issue.year, issue.volume, issue.issue, objectName);
  await env.FILES.put(key, pdf, { httpMetadata: { contentType: "application/pdf" } });
  try {
    const [row] = await db
      .insert(articles)
      .values({
        ...fields,
        journalId,
        issueId: issue.id,
        year: issue.year,
        volume: issue.volume,
        issue: issue.issue,
        frequency: fields.frequency || issue.frequency,
        description: fields.title,
        ...searchText(fields.title, fields.abstract),
        file: `${fields.refnumber}.pdf`,
        fileKey: objectName,
        createdby: username,
        modifiedby: username,
      })
      .returning();
    return row;
  } catch (error) {
    await env.FILES.delete(key).catch(() => {});
    const code = uniqueViolation(error);
    if (code) throw new ArticleWriteError(code);
    throw error;
  }
}

/**
 * Updates an article, optionally replacing its PDF. A new PDF is written to a fresh object and
 * the row is switched to it in one UPDATE; only then is the old object removed. If anything
 * fails, the row still points at the old, intact PDF and the new object is deleted.
 */
export async function updateArticleWithPdf(
  env: Storage,
  db: Db,
  journalId: number,
  existing: Article,
  fields: ArticleFields,
  pdf: Uint8Array | null,
  username: string,
): Promise<Article> {
  const folder = (name: string) => articleFileKey(journalId, existing.year, existing.volume, existing.issue, name);
  const oldObject = existing.fileKey || existing.file;
  let newObject = oldObject;
  if (pdf) {
    newObject = pdfObjectName(fields.refnumber);
    await env.FILES.put(folder(newObject), pdf, { httpMetadata: { contentType: "application/pdf" } });
  }
  try {
    const [row] = await db
      .update(articles)
      .set({
        ...fields,
        frequency: fields.frequency || existing.frequency,
        description: fields.title,
        ...searchText(fields.title, fields.abstract),
        file: newObject ? `${fields.refnumber}.pdf` : "",
        fileKey: newObject,
        modifiedby: username,
        modification: new Date().toISOString(),
      })
      .where(and(eq(articles.journalId, journalId), eq(articles.id, existing.id)))
      .returning();
    if (!row) throw new Error("article vanished during update");
    if (pdf && oldObject && oldObject !== newObject) await env.FILES.delete(folder(oldObject)).catch(() => {});
    return row;
  } catch (error) {
    if (pdf) await env.FILES.delete(folder(newObject)).catch(() => {});
    const code = uniqueViolation(error);
    if (code) throw new ArticleWriteError(code);
    throw error;
  }
}

/** The R2 object name behind a public PDF URL, or null when no enabled article serves it. */
export async function findArticleFile(
  db: Db,
  journalId: number,
  year: number,
  volume: number,
  issue: number,
  file: string,
): Promise<{ id: number; object: string; status: string } | null> {
  const rows = await db
    .select({ id: articles.id, file: articles.file, fileKey: articles.fileKey, status: articles.status })
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.year, year),
        eq(articles.volume, volume),
        eq(articles.issue, issue),
        eq(articles.file, file),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, object: row.fileKey || row.file, status: row.status };
}

// ---- Reader pages ----------------------------------------------------------------------------

/** Query (not yet run, so pages can batch it) for one enabled article by refnumber. */
export function publicArticleByRefQuery(db: Db, journalId: number, refnumber: string) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, refnumber), eq(articles.status, "enabled")))
    .limit(1);
}

// ---- Ranked full-text search (FTS5) --------------------------------------------------------

export const RANKED_PAGE_SIZE = 20;

// Every article column aliased to its property name, so raw FTS queries return Article rows.
const ARTICLE_COLUMNS = Object.entries(getTableColumns(articles))
  .map(([prop, col]) => `a."${col.name}" AS "${prop}"`)
  .join(", ");
/**
 * What the public JSON API shows of an article (workers/api/serialize.ts publicArticle): the
 * API's search reads only these, not the search copies of title and abstract or staff fields.
 */
const PUBLIC_API_FIELDS = new Set([
  "id", "refnumber", "title", "authorname", "abstract", "keywords", "description", "pagenumber", "subject",
  "country", "publishdate", "year", "volume", "issue", "frequency", "file", "doi", "status",
]);
const PUBLIC_API_COLUMNS = Object.entries(getTableColumns(articles))
  .filter(([prop]) => PUBLIC_API_FIELDS.has(prop))
  .map(([prop, col]) => `a."${col.name}" AS "${prop}"`)
  .join(", ");
const MAX_TERMS = 12;
const MARK_START = "\u0001";
const MARK_END = "\u0002";

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

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** FTS5 snippet/highlight output (with control-character markers) → safe HTML with <mark>. */
export function markedToHtml(text: string): string {
  return escapeText(text).split(MARK_START).join("<mark>").split(MARK_END).join("</mark>");
}

/**
 * The title as the reader sees it (italics kept, sanitised) with the words FTS5 matched in
 * <mark>. FTS5 can only highlight the plain-text copy (`search_title` = htmlToText(title)), so
 * its markers are carried onto the sanitised HTML by walking both texts in step: they hold the
 * same characters except that htmlToText collapses whitespace runs to one space and trims.
 * Where they disagree (a row whose plain copy predates an edit, say) the formatted title is
 * shown without highlighting rather than a wrong one. The output is built here from escaped
 * text, the sanitiser's <i>/<em> tags and our own <mark>, so no other markup can get through.
 */
export function highlightTitleHtml(title: string, marked: string): string {
  const safe = sanitizeHtml(title, TITLE_PROFILE);
  let plain = "";
  const inMatch: boolean[] = [];
  let on = false;
  // Per UTF-16 unit throughout: both walks compare units, so astral characters line up too.
  for (let k = 0; k < marked.length; k++) {
    const c = marked[k];
    if (c === MARK_START) on = true;
    else if (c === MARK_END) on = false;
    else {
      inMatch.push(on);
      plain += c;
    }
  }
  if (!inMatch.includes(true)) return safe;

  let out = "";
  let p = 0;
  let marking = false;
  let inSpaceRun = false;
  let spaceMatched = false;
  for (const part of safe.split(/(<[^>]*>)/)) {
    if (part.startsWith("<")) {
      // Marks close before every tag so <mark> and <i>/<em> never overlap.
      if (marking) out += "</mark>";
      marking = false;
      if (/^<\/?(i|em)>$/.test(part)) out += part;
      continue;
    }
    const text = decodeEntities(part);
    for (let t = 0; t < text.length; t++) {
      const c = text[t];
      let match: boolean;
      if (/\s/.test(c)) {
        if (!inSpaceRun) {
          inSpaceRun = true;
          if (plain[p] === " ") spaceMatched = inMatch[p++];
          else if (p === 0 || p === plain.length) spaceMatched = false;
          else return safe;
        }
        match = spaceMatched;
      } else {
        inSpaceRun = false;
        if (plain[p] !== c) return safe;
        match = inMatch[p++];
      }
      if (match !== marking) out += match ? "<mark>" : "</mark>";
      marking = match;
      out += escapeHtml(c);
    }
  }
  if (p !== plain.length) return safe;
  if (marking) out += "</mark>";
  return out;
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
  },
): Promise<RankedSearch> {
  const pageSize = Math.min(Math.max(opts.pageSize ?? RANKED_PAGE_SIZE, 1), 100);
  const page = Math.min(Math.max(Math.floor(opts.page ?? 1), 1), 1000);
  const offset = opts.offset ?? (page - 1) * pageSize;
  const terms = ftsQuery(opts.q);
  // Author pages: the name as a phrase in the authors column only.
  const match = opts.author && terms ? `authorname : "${terms.replace(/"\*?/g, "").replace(/\s+/g, " ")}"` : terms;
  if (!match) return { hits: [], total: 0, page, pageSize, facets: [] };
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
  const from = `FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE ${where}`;
  const d1 = d1Of(db);
  if (opts.rowsOnly) {
    const { results } = await d1
      .prepare(`SELECT ${PUBLIC_API_COLUMNS} ${from} ORDER BY bm25(articles_fts, 10.0, 5.0, 3.0, 1.0), a.id DESC LIMIT ${pageSize} OFFSET ${offset}`)
      .bind(...params)
      .all<Record<string, unknown>>();
    const hits = (results ?? []).map((row) => ({ article: row as unknown as Article, titleHtml: "", snippetHtml: "" }));
    return { hits, total: hits.length, page, pageSize, facets: [] };
  }
  // The facets (every year/volume with matches, unfiltered) also give the total when no filter
  // is set, which spares a third pass over the matches; a filtered search counts separately.
  const filtered = where !== baseWhere;
  const rowsStatement = d1
    .prepare(
      `SELECT ${ARTICLE_COLUMNS},
              highlight(articles_fts, 0, char(1), char(2)) AS "titleMarked",
              snippet(articles_fts, 3, char(1), char(2), '…', 28) AS "snippetMarked"
         ${from}
        ORDER BY bm25(articles_fts, 10.0, 5.0, 3.0, 1.0), a.id DESC
        LIMIT ${pageSize} OFFSET ${offset}`,
    )
    .bind(...params);
  const facetStatement = d1
    .prepare(
      `SELECT a.year AS year, a.volume AS volume, count(*) AS count
         FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE ${baseWhere}
        GROUP BY a.year, a.volume ORDER BY a.year DESC, a.volume DESC`,
    )
    .bind(match, journalId);
  const results = await d1.batch<Record<string, unknown>>(
    filtered ? [rowsStatement, d1.prepare(`SELECT count(*) AS n ${from}`).bind(...params), facetStatement] : [rowsStatement, facetStatement],
  );
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
  return { hits, total, page, pageSize, facets };
}
