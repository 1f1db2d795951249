import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getArticleById, listIssueArticlesForAdmin } from "../../app/models/articles.server";
import { addArticle, addIssue } from "../../app/models/staff-writes.server";
import { adminSearchArticles } from "../../app/models/search.server";
import { countEditors } from "../../app/models/editors.server";
import { countIssues, findIssue, listIssues, listIssuesOfYear } from "../../app/models/issues.server";
import { formFields, str } from "../../app/schemas/common";
import { NOT_FOUND_MESSAGES } from "../../app/schemas/messages";
import { journalYear } from "../../app/lib/dates";
import { parseIssueParams } from "../../app/lib/urls";
import { formFile } from "../../app/storage/uploads.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { failureBody, parseId, readJson, readMultipart } from "./request";
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
  const result = await addIssue(getDb(c.env.DB), c.get("journal").id, c.get("user").username, body.value, journalYear(c.get("journal").settings.timezone));
  if (!result.ok) return c.json(failureBody(result), result.status);
  return c.json({ ...result.value, articles: 0 }, 201);
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

    const result = await addArticle(c.env, db, journalId, c.get("user").username, issue, fields, formFile(body.form, "pdfFile"));
    if (!result.ok) return c.json(failureBody(result), result.status);
    return c.json(adminArticle(result.value), 201);
  },
);

/** GET /api/admin/archives/{year}/{vol}/{issue} → every article of the issue, any status. */
adminApp.get("/archives/:year/:vol/:issue", async (c) => {
  const ref = parseIssueParams(c.req.param());
  if (!ref) return c.json({ error: "not_found" }, 404);
  const rows = await listIssueArticlesForAdmin(getDb(c.env.DB), c.get("journal").id, ref.year, ref.volume, ref.issue);
  return c.json(rows.map(adminArticle));
});

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
  const article = id ? await getArticleById(getDb(c.env.DB), c.get("journal").id, id) : undefined;
  if (!article) return c.json({ error: "not_found" }, 404);
  return c.json(adminArticle(article));
});
