import { Hono, type Context } from "hono";
import { getDb } from "../../app/db/client.server";
import { buildCrossrefDeposit, crossrefFileName } from "../../app/documents/crossref.server";
import { buildDoajArticles, doajFileName } from "../../app/documents/doaj.server";
import { buildJatsArticle, jatsAvailable } from "../../app/documents/jats.server";
import { depositJournal } from "../../app/documents/metadata.server";
import { readDepositIssue, readDepositSelection, readJatsArticle, type DepositRow } from "../../app/models/deposits.server";
import type { JournalContext } from "../../app/models/journals.server";
import { crossrefProblems, doajProblems, hasProblems, type DepositProblems } from "../../app/schemas/deposit";
import { DEPOSIT_JOURNAL_PROBLEMS, DEPOSIT_REFUSED, JATS_UNAVAILABLE, NOT_FOUND_MESSAGES, SELECTION_MESSAGES } from "../../app/schemas/messages";
import { parseIssueParams } from "../../app/lib/urls";
import { requireAdmin, sessionUser, type AdminEnv } from "./middleware";
import { parseRefnumber } from "../../app/schemas/selection";
import { readSelection } from "./request";

/**
 * Metadata for the indexes (Crossref, DOAJ, JATS), generated for the journal of the request's host:
 *   GET  /api/export/crossref/{year}/{vol}/{issue}  (staff)  the issue's published articles
 *   POST /api/export/crossref  {"refnumbers": [...]} (staff)  selected articles of one issue
 *        → crossref-{year}-v{vol}-i{issue}.xml, a Crossref 5.3.1 deposit
 *   GET  /api/export/doaj/{year}/{vol}/{issue} · POST /api/export/doaj   (staff)
 *        → doaj-{year}-v{vol}-i{issue}.xml, DOAJ article XML
 *   GET  /api/export/jats/{refnumber}  (public; staff also get disabled articles)
 *        → JATS 1.3 front matter, the same as /archives/{y}/{v}/{i}/{ref}.jats.xml
 * A file is made only when every article has what its format needs; otherwise 400
 * incomplete_metadata with the list. These are reads: a POST here does not invalidate the edge
 * cache (workers/cache.ts).
 */
// Typed with the staff variables; the public JATS call never reads `user`.
export const exportApp = new Hono<AdminEnv>({ strict: false });

type Ctx = Context<AdminEnv>;
type Format = "crossref" | "doaj";

/** An XML answer; with a file name it is a download (the deposit files), else shown inline (JATS). */
export function xmlFile(body: string, filename: string | null, cache = "no-store"): Response {
  const headers: Record<string, string> = { "content-type": "application/xml; charset=utf-8", "cache-control": cache };
  if (filename) headers["content-disposition"] = `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`;
  return new Response(body, { headers });
}

/** 400 with what is missing, per article and for the journal's settings. */
function incomplete(c: Ctx, format: Format, problems: DepositProblems) {
  return c.json(
    {
      error: "incomplete_metadata",
      message: DEPOSIT_REFUSED[format],
      journal: problems.journal,
      articles: problems.articles.map(({ refnumber, title, missing }) => ({ refnumber, title, missing })),
    },
    400,
  );
}

/** The file for articles of one issue, or the 400 listing what they lack. */
function depositResponse(c: Ctx, format: Format, journal: JournalContext, rows: DepositRow[]) {
  const records = depositJournal(journal);
  const problems = format === "crossref" ? crossrefProblems(records, rows) : doajProblems(records, rows);
  if (hasProblems(problems)) return incomplete(c, format, problems);
  const issue = { year: rows[0].year, volume: rows[0].volume, issue: rows[0].issue };
  if (format === "doaj") return xmlFile(buildDoajArticles({ journal: records, articles: rows }), doajFileName(issue));
  // The issue's date, the same in every deposit of it (readDepositIssue/readDepositSelection);
  // an issue none of whose articles is published yet takes the selection's earliest.
  const date = rows[0].issueDate ?? rows.map((r) => r.publishdate).sort()[0];
  return xmlFile(buildCrossrefDeposit({ journal: records, issue: { ...issue, date }, articles: rows, now: new Date() }), crossrefFileName(issue));
}

async function wholeIssue(c: Ctx, format: Format) {
  const ref = parseIssueParams(c.req.param());
  const journal = c.get("journal");
  const rows = ref ? await readDepositIssue(getDb(c.env.DB), journal.id, ref) : [];
  if (!rows.length) return c.json({ error: "not_found", message: NOT_FOUND_MESSAGES.issueArticles }, 404);
  return depositResponse(c, format, journal, rows);
}

async function selection(c: Ctx, format: Format) {
  const picked = await readSelection(c.req.raw, "refnumbers", "articles", parseRefnumber);
  if (!picked.ok) return picked.response;
  const journal = c.get("journal");
  const rows = await readDepositSelection(getDb(c.env.DB), journal.id, picked.values);
  const found = new Set(rows.map((a) => a.refnumber));
  const missing = picked.values.filter((r) => !found.has(r));
  if (missing.length) return c.json({ error: "not_found", message: SELECTION_MESSAGES.unknownRefnumbers(missing), missing }, 404);
  const issues = [...new Set(rows.map((r) => `${r.year}/${r.volume}/${r.issue}`))];
  if (issues.length > 1) return c.json({ error: "mixed_issues", message: DEPOSIT_REFUSED.mixedIssues, issues }, 400);
  return depositResponse(c, format, journal, rows);
}

exportApp.get("/crossref/:year/:volume/:issue", requireAdmin, (c) => wholeIssue(c, "crossref"));
exportApp.post("/crossref", requireAdmin, (c) => selection(c, "crossref"));
exportApp.get("/doaj/:year/:volume/:issue", requireAdmin, (c) => wholeIssue(c, "doaj"));
exportApp.post("/doaj", requireAdmin, (c) => selection(c, "doaj"));

/** JATS needs an ISSN; without one the journal has no JATS at all (404 jats_unavailable). */
export function jatsUnavailable(): Response {
  const body = { error: "jats_unavailable", message: JATS_UNAVAILABLE(DEPOSIT_JOURNAL_PROBLEMS.noIssn) };
  return new Response(JSON.stringify(body), { status: 404, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}

exportApp.get("/jats/:refnumber", async (c) => {
  const refnumber = parseRefnumber(c.req.param("refnumber"));
  const journal = c.get("journal");
  const records = depositJournal(journal);
  if (!refnumber) return c.json({ error: "not_found" }, 404);
  if (!jatsAvailable(records)) return jatsUnavailable();
  // Staff (bearer token or the admin's cookie) may look at an article before it is enabled.
  const staff = await sessionUser(c.env, journal.id, c.req.raw);
  const article = await readJatsArticle(getDb(c.env.DB), journal.id, refnumber, { anyStatus: !!staff });
  if (!article) return c.json({ error: "not_found" }, 404);
  return xmlFile(buildJatsArticle({ journal: records, article }), null);
});

exportApp.notFound((c) => c.json({ error: "not_found" }, 404));
