import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getArticleById, listIssueArticlesForAdmin } from "../../app/models/articles.server";
import { addArticle, addIssue, removeIssue, saveIssueEdit } from "../../app/models/staff-writes.server";
import { adminSearchArticles } from "../../app/models/search.server";
import { countEditors } from "../../app/models/editors.server";
import { countIssues, findIssue, getIssueById, listIssues, listIssuesOfYear } from "../../app/models/issues.server";
import { listHistory, staffActor } from "../../app/models/history.server";
import { formFields, str } from "../../app/schemas/common";
import { NOT_FOUND_MESSAGES } from "../../app/schemas/messages";
import { journalYear } from "../../app/lib/dates";
import { formFile } from "../../app/storage/uploads.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { failureAnswer, issueArticlesAnswer, recordAnswer, writeAnswer } from "./answer";
import { activityEntry, parseId, readJson, readMultipart, requestExpectation, versionedJson } from "./request";
import { adminArticle } from "./serialize";

/** Staff calls under /api/admin (spec §7 plus the helper calls the spec leaves unnamed). */
export const adminApp = new Hono<AdminEnv>({ strict: false });

adminApp.use("*", requireAdmin);

/** GET /api/admin/ → {archives, editors} counts for the dashboard. */
adminApp.get("/", async (c) => {
  const db = getDb(c.env.DB);
  const id = c.get("journal").id;
  const [archives, editors] = await Promise.all([countIssues(db, id), countEditors(db, id)]);
  return c.json({ archives, editors });
});

/** GET /api/admin/archives/ → every issue, newest first, with its article count. */
adminApp.get("/archives", async (c) => {
  return c.json(await listIssues(getDb(c.env.DB), c.get("journal").id));
});

/** POST /api/admin/create-issue {volume, issue, year, frequency}. */
adminApp.post("/create-issue", async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await addIssue(getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), body.value, journalYear(c.get("journal").settings.timezone));
  return writeAnswer(c, "issue", result, (issue) => ({ ...issue, articles: 0 }), 201);
});

/** POST /api/admin/archives/ — add an article with its PDF (multipart + pdfFile). */
adminApp.post(
  "/archives",
  async (c) => {
    const body = await readMultipart(c.req.raw);
    if (!body.ok) return c.json({ error: body.error }, 400);
    const fields = formFields(body.form);
    const db = getDb(c.env.DB);
    const journalId = c.get("journal").id;
    const [year, volume, number] = ["year", "volume", "issue"].map((k) => Number(str(fields, k, 8)));
    const issue = [year, volume, number].every(Number.isInteger) ? await findIssue(db, journalId, year, volume, number) : undefined;
    if (!issue) return c.json({ error: "issue_not_found", message: NOT_FOUND_MESSAGES.issueToAddToApi }, 404);

    const result = await addArticle(c.env, db, journalId, staffActor(c.get("user")), issue, fields, formFile(body.form, "pdfFile"));
    return writeAnswer(c, "article", result, adminArticle, 201);
  },
);

/** GET /api/admin/archives/{year}/{vol}/{issue} → every article of the issue, any status. */
adminApp.get("/archives/:year/:vol/:issue", (c) => issueArticlesAnswer(c, listIssueArticlesForAdmin, adminArticle));

/** GET /api/admin/issues?year=YYYY → the issues of one year (for the add-article picker). */
adminApp.get("/issues", async (c) => {
  const year = Number(c.req.query("year") ?? journalYear(c.get("journal").settings.timezone));
  if (!Number.isInteger(year)) return c.json({ error: "invalid_year" }, 400);
  return c.json(await listIssuesOfYear(getDb(c.env.DB), c.get("journal").id, year));
});

/** GET /api/admin/search?q=… → matching articles (any status) for EDIT links. */
adminApp.get("/search", async (c) => {
  const q = (c.req.query("q") ?? "").slice(0, 200);
  const rows = await adminSearchArticles(getDb(c.env.DB), c.get("journal").id, q);
  return c.json(rows.map(adminArticle));
});

/** GET /api/admin/articles/{id} → one article of this journal, any status. */
adminApp.get("/articles/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  return recordAnswer(c, "article", id ? await getArticleById(getDb(c.env.DB), c.get("journal").id, id) : undefined, adminArticle);
});

// ---- Issue corrections (ADR 021) ----------------------------------------------------------------

/** GET /api/admin/issues/{id} → the issue with its article counts and version (ETag). */
adminApp.get("/issues/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  return recordAnswer(c, "issue", id ? await getIssueById(getDb(c.env.DB), c.get("journal").id, id) : undefined, adminIssue);
});

/**
 * POST /api/admin/issues/{id} {year, volume, issue, frequency, version?}: corrects the issue
 * (an edit may correct the year); its old URLs and its articles' answer 301 to the new ones.
 */
adminApp.post("/issues/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  if (!id) return c.json({ error: "not_found" }, 404);
  const body = await versionedJson(c.req.raw);
  if (!body.ok) return c.json(body.body, 400);
  const db = getDb(c.env.DB);
  const journal = c.get("journal");
  const result = await saveIssueEdit(db, journal.id, staffActor(c.get("user")), id, body.input, journalYear(journal.settings.timezone), body.expect);
  if (!result.ok) return failureAnswer(c, result);
  return recordAnswer(c, "issue", await getIssueById(db, journal.id, id), adminIssue);
});

/** DELETE /api/admin/issues/{id}: deletes an empty issue; 409 issue_not_empty (with a message) otherwise. */
adminApp.delete("/issues/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  if (!id) return c.json({ error: "not_found" }, 404);
  const expect = requestExpectation(c.req.raw, c.req.query("version"));
  if (!expect.ok) return c.json(expect.body, 400);
  const result = await removeIssue(getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), id, expect.expect);
  if (!result.ok) return failureAnswer(c, result);
  return c.json({ ok: true, deleted: adminIssue({ ...result.value, articles: 0, trashed: 0 }) });
});

function adminIssue(i: { id: number; year: number; volume: number; issue: number; frequency: string; creation: string; createdby: string; version: number; articles: number; trashed: number }) {
  return { id: i.id, year: i.year, volume: i.volume, issue: i.issue, frequency: i.frequency, creation: i.creation, createdby: i.createdby, articles: i.articles, trashed: i.trashed, version: i.version };
}

// ---- History (ADR 019) --------------------------------------------------------------------------

/**
 * GET /api/admin/activity[?type=article&id=12][&actor=chief][&before=<seq>][&limit=50] → the
 * journal's history, newest first: `{entries: [{at, actor, action, type, id, fields}], next}`;
 * `next` is the URL of the next (older) page, null on the last.
 */
adminApp.get("/activity", async (c) => {
  const q = (k: string) => c.req.query(k) ?? undefined;
  const filter = { type: q("type")?.slice(0, 32), id: q("id")?.slice(0, 64), actor: q("actor")?.slice(0, 200) };
  const before = q("before") ? parseId(q("before")) : undefined;
  const limitText = q("limit");
  const limit = limitText && /^\d{1,3}$/.test(limitText) ? Number(limitText) : undefined;
  if (before === null || (limitText && !limit)) return c.json({ error: "invalid_paging" }, 400);
  const page = await listHistory(getDb(c.env.DB), c.get("journal").id, { ...filter, before: before ?? undefined, limit });
  let next: string | null = null;
  if (page.older && page.entries.length) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v) params.set(k, v);
    if (limit) params.set("limit", String(limit));
    params.set("before", String(page.entries[page.entries.length - 1].seq));
    next = `/api/admin/activity?${params}`;
  }
  return c.json({ entries: page.entries.map(activityEntry), next });
});
