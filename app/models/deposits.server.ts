/**
 * Reads and writes behind DOIs, the Crossref and DOAJ files and JATS. Every query is
 * scoped to the journal; selections are chunked under D1's 100 bound parameters per statement
 * and sent as one batch (one round trip per function, except where a write must follow a read).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles } from "../db/schema";
import { doiKey, DOI_SYNTAX, makeDoi } from "../lib/doi";
import type { DepositArticle } from "../lib/article";
import { htmlToText } from "../lib/html";
import { notTrashed } from "./articles.server";
import { actorLabel, historyRowsFrom, versionBumpJson, type Actor } from "./history.server";

/** Bound parameters per statement: D1 allows 100; the journal id takes one. */
const CHUNK = 90;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

type Batch<T> = [T, ...T[]];

const depositColumns = {
  id: articles.id,
  refnumber: articles.refnumber,
  title: articles.title,
  authorname: articles.authorname,
  authors: articles.authors,
  abstract: articles.abstract,
  keywords: articles.keywords,
  pagenumber: articles.pagenumber,
  publishdate: articles.publishdate,
  year: articles.year,
  volume: articles.volume,
  issue: articles.issue,
  issueId: articles.issueId,
  firstPage: articles.firstPage,
  doi: articles.doi,
  file: articles.file,
  status: articles.status,
  references: articles.references,
  license_url: articles.license_url,
  received_date: articles.received_date,
  accepted_date: articles.accepted_date,
};

export type DepositRow = DepositArticle & { issueId: number; firstPage: number; issueDate: string | null };

/**
 * An issue's publication date in every deposit of it: the earliest publish date of its published
 * articles. The outer row is named by table (`articles`.`issue_id`) and the inner one by its
 * alias: an unqualified column inside the subquery would be the subquery's own, and the date the
 * journal's earliest.
 */
const issueDate = sql<string | null>`(select min(i.publishdate) from articles i where i.journal_id = "articles"."journal_id" and i.issue_id = "articles"."issue_id" and i.status = 'enabled')`.as(
  "issue_date",
);

const pageOrder = (a: DepositRow, b: DepositRow) =>
  a.year - b.year || a.volume - b.volume || a.issue - b.issue || a.firstPage - b.firstPage || a.id - b.id;

/**
 * The article the Settings form previews a DOI with: the journal's newest, or undefined when it
 * has none yet.
 */
export async function doiPreviewArticle(db: Db, journalId: number) {
  const [row] = await db
    .select({ refnumber: articles.refnumber, title: articles.title, year: articles.year, volume: articles.volume, issue: articles.issue, doi: articles.doi })
    .from(articles)
    .where(eq(articles.journalId, journalId))
    .orderBy(desc(articles.id))
    .limit(1);
  return row ? { ...row, title: htmlToText(row.title) } : undefined;
}

/**
 * A selection of articles for a Crossref or DOAJ file (any status: the check says what a
 * disabled one lacks), in page order, each with its issue's publication date (`issueDate`).
 * Unknown refnumbers are simply absent.
 */
export async function readDepositSelection(db: Db, journalId: number, refnumbers: string[]): Promise<DepositRow[]> {
  const unique = [...new Set(refnumbers)];
  if (!unique.length) return [];
  const queries = chunks(unique).map((part) =>
    db
      .select({ ...depositColumns, issueDate })
      .from(articles)
      .where(and(eq(articles.journalId, journalId), inArray(articles.refnumber, part), notTrashed)),
  );
  const results = await db.batch(queries as Batch<(typeof queries)[0]>);
  return (results.flat() as DepositRow[]).sort(pageOrder);
}

/** Every published article of one issue, in page order (the GET calls' whole-issue files), with the issue's date. */
export async function readDepositIssue(db: Db, journalId: number, ref: { year: number; volume: number; issue: number }): Promise<DepositRow[]> {
  return db
    .select({ ...depositColumns, issueDate })
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.year, ref.year),
        eq(articles.volume, ref.volume),
        eq(articles.issue, ref.issue),
        eq(articles.status, "enabled"),
      ),
    )
    .orderBy(asc(articles.firstPage), asc(articles.id));
}

/**
 * One article for its JATS file: by refnumber, in the given issue when one is named (the
 * /archives/{y}/{v}/{i}/{ref}.jats.xml URL), published only unless `anyStatus` (staff).
 */
export async function readJatsArticle(
  db: Db,
  journalId: number,
  refnumber: string,
  opts: { issue?: { year: number; volume: number; issue: number }; anyStatus?: boolean } = {},
): Promise<DepositRow | undefined> {
  const conditions = [eq(articles.journalId, journalId), eq(articles.refnumber, refnumber)];
  conditions.push(opts.anyStatus ? notTrashed : eq(articles.status, "enabled"));
  if (opts.issue) {
    conditions.push(eq(articles.year, opts.issue.year), eq(articles.volume, opts.issue.volume), eq(articles.issue, opts.issue.issue));
  }
  const [row] = await db.select({ ...depositColumns, issueDate }).from(articles).where(and(...conditions)).limit(1);
  return row;
}

// ---- Assigning DOIs ---------------------------------------------------------------------------

interface DoiSetup {
  slug: string;
  prefix: string;
  pattern: string;
}

interface Assigned {
  id: number;
  refnumber: string;
  doi: string;
}

interface DoiClash {
  refnumber: string;
  doi: string;
  /** The article of this journal that already has the DOI. */
  usedBy: { refnumber: string; title: string };
}

type AssignResult =
  | { ok: true; assigned: Assigned[]; kept: Assigned[] }
  | { ok: false; error: "not_found"; missing: string[] }
  | { ok: false; error: "invalid_doi"; invalid: { refnumber: string; doi: string }[] }
  | { ok: false; error: "doi_clash"; clashes: DoiClash[] };

/** Articles of this journal already holding any of these DOIs (compared case-insensitively). */
async function holdersOf(db: Db, journalId: number, dois: string[]) {
  const keys = [...new Set(dois.map(doiKey))];
  if (!keys.length) return [];
  const queries = chunks(keys).map((part) =>
    db
      .select({ id: articles.id, refnumber: articles.refnumber, title: articles.title, doi: articles.doi })
      .from(articles)
      .where(and(eq(articles.journalId, journalId), inArray(sql`lower(${articles.doi})`, part))),
  );
  return (await db.batch(queries as Batch<(typeof queries)[0]>)).flat();
}

function clashesOf(candidates: Assigned[], holders: { id: number; refnumber: string; title: string; doi: string }[]): DoiClash[] {
  const out: DoiClash[] = [];
  for (const c of candidates) {
    const holder = holders.find((h) => h.id !== c.id && doiKey(h.doi) === doiKey(c.doi));
    const twin = candidates.find((o) => o.id !== c.id && doiKey(o.doi) === doiKey(c.doi));
    if (holder) out.push({ refnumber: c.refnumber, doi: c.doi, usedBy: { refnumber: holder.refnumber, title: htmlToText(holder.title) } });
    else if (twin) out.push({ refnumber: c.refnumber, doi: c.doi, usedBy: { refnumber: twin.refnumber, title: "(also being assigned now)" } });
  }
  return out;
}

/**
 * Gives each selected article that has no DOI one made from the journal's pattern; articles
 * with a DOI keep it (`kept`). All or nothing: if any new DOI is invalid or would repeat a DOI
 * the journal already uses, nothing is written. The writes go in one D1 batch (a transaction)
 * that ends with a check of the journal's DOIs, so a clash created by someone else in the
 * meantime also undoes the whole batch.
 */
export async function assignDois(db: Db, journalId: number, setup: DoiSetup, refnumbers: string[], actor: Actor): Promise<AssignResult> {
  const selected = await readDepositSelection(db, journalId, refnumbers);
  const found = new Set(selected.map((a) => a.refnumber));
  const missing = [...new Set(refnumbers)].filter((r) => !found.has(r));
  if (missing.length) return { ok: false, error: "not_found", missing };

  const kept = selected.filter((a) => a.doi.trim()).map((a) => ({ id: a.id, refnumber: a.refnumber, doi: a.doi }));
  const candidates = selected
    .filter((a) => !a.doi.trim())
    .map((a) => ({ id: a.id, refnumber: a.refnumber, doi: makeDoi(setup.prefix, setup.pattern, { slug: setup.slug, year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber }) }));
  if (!candidates.length) return { ok: true, assigned: [], kept };

  const invalid = candidates.filter((c) => !DOI_SYNTAX.test(c.doi)).map(({ refnumber, doi }) => ({ refnumber, doi }));
  if (invalid.length) return { ok: false, error: "invalid_doi", invalid };
  const clashes = clashesOf(candidates, await holdersOf(db, journalId, candidates.map((c) => c.doi)));
  if (clashes.length) return { ok: false, error: "doi_clash", clashes };

  const now = new Date().toISOString();
  const by = actorLabel(actor);
  // Each article's history entry (with its version bump) goes first, on the same condition as
  // its write, so it sees the row as it was; then the write.
  const writes = candidates.flatMap((c) => {
    // Never overwrite: an article given a DOI since it was read keeps that one.
    const still = and(eq(articles.journalId, journalId), eq(articles.id, c.id), eq(articles.doi, ""))!;
    return [
      historyRowsFrom(db, journalId, { actor, action: "assign_doi", type: "article" }, {
        table: sql`${articles}`,
        id: sql`${articles.id}`,
        fields: sql`json_patch(json_object('doi', json_object('before', '', 'after', ${c.doi})), ${versionBumpJson(articles.version)})`,
        where: still,
      }),
      db
        .update(articles)
        .set({ doi: c.doi, modifiedby: by, modification: now, version: sql`${articles.version} + 1` })
        .where(still)
        .returning({ id: articles.id }),
    ];
  });
  // The guard: a row only when two of the journal's articles now share one of these DOIs, and
  // json() of a text that is not JSON then fails the statement, which rolls back the batch. The
  // argument names the row, so SQLite cannot evaluate it once up front as a constant.
  const guards = chunks([...new Set(candidates.map((c) => doiKey(c.doi)))]).map((part) =>
    db
      .select({ clash: sql<string>`json('doi_clash:' || lower(${articles.doi}))` })
      .from(articles)
      .where(and(eq(articles.journalId, journalId), inArray(sql`lower(${articles.doi})`, part)))
      .groupBy(sql`lower(${articles.doi})`)
      .having(sql`count(*) > 1`),
  );
  let results: unknown[];
  try {
    results = await db.batch([...writes, ...guards] as unknown as Batch<(typeof writes)[0]>);
  } catch (error) {
    if (!/malformed JSON/i.test(String((error as Error)?.message ?? error) + String((error as { cause?: Error })?.cause?.message ?? ""))) throw error;
    const again = clashesOf(candidates, await holdersOf(db, journalId, candidates.map((c) => c.doi)));
    return { ok: false, error: "doi_clash", clashes: again };
  }
  const written = new Set((results.slice(0, writes.length).filter((_, i) => i % 2 === 1) as { id: number }[][]).flat().map((r) => r.id));
  return {
    ok: true,
    assigned: candidates.filter((c) => written.has(c.id)),
    // Given a DOI by someone else between the read and the write: left as it is.
    kept: [...kept, ...candidates.filter((c) => !written.has(c.id)).map((c) => ({ ...c, doi: "" }))],
  };
}
