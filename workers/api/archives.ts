import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getArticleById, getPublicArticleByRef, listIssueArticles } from "../../app/models/articles.server";
import { updateArticle } from "../../app/models/staff-writes.server";
import { listArchiveYears } from "../../app/models/issues.server";
import { formFields } from "../../app/schemas/common";
import { formFile } from "../../app/storage/uploads.server";
import type { HonoEnv } from "../types";
import { requireAdmin, sessionUser, type AdminEnv } from "./middleware";
import { parseIssueParams } from "../../app/lib/urls";
import { failureBody, parseId, readMultipart } from "./request";
import { adminArticle, publicArticle } from "./serialize";

/** Public archive reads and the article update of spec §7 "Archives and articles". */
export const archivesApp = new Hono<HonoEnv>({ strict: false });

archivesApp.get("/", async (c) => {
  const years = await listArchiveYears(getDb(c.env.DB), c.get("journal").id);
  return c.json(years.map(({ year, volume, total_issues, issue_month }) => ({ year, volume, total_issues, issue_month })));
});

archivesApp.get("/ref/:ref", async (c) => {
  const ref = c.req.param("ref").trim();
  const article = /^\d{1,20}$/.test(ref) ? await getPublicArticleByRef(getDb(c.env.DB), c.get("journal").id, ref) : undefined;
  if (!article) return c.json({ error: "not_found" }, 404);
  return c.json(publicArticle(article));
});

archivesApp.get("/:year/:vol/:issue", async (c) => {
  const ref = parseIssueParams(c.req.param());
  if (!ref) return c.json({ error: "not_found" }, 404);
  const rows = await listIssueArticles(getDb(c.env.DB), c.get("journal").id, ref.year, ref.volume, ref.issue);
  return c.json(rows.map(publicArticle));
});

/** GET /api/archives/{id}: enabled articles for everyone; any status with a staff token. */
archivesApp.get("/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  const journalId = c.get("journal").id;
  const article = id ? await getArticleById(getDb(c.env.DB), journalId, id) : undefined;
  if (!article) return c.json({ error: "not_found" }, 404);
  // The bearer token or the admin's session cookie: staff see the same thing either way.
  // sessionUser costs no D1 trip when the request carries neither.
  const user = await sessionUser(c.env, journalId, c.req.raw);
  if (!user) {
    if (article.status !== "enabled") return c.json({ error: "not_found" }, 404);
    return c.json(publicArticle(article));
  }
  // Private fields: never for a shared cache, whatever the API default becomes.
  c.header("cache-control", "private, no-store");
  return c.json(adminArticle(article));
});

/** POST /api/archives/{id}: update an article (multipart, optional pdfFile). */
const updateApp = new Hono<AdminEnv>({ strict: false });
updateApp.post(
  "/:id",
  requireAdmin,
  async (c) => {
    const id = parseId(c.req.param("id"));
    const db = getDb(c.env.DB);
    const journalId = c.get("journal").id;
    const existing = id ? await getArticleById(db, journalId, id) : undefined;
    if (!existing) return c.json({ error: "not_found" }, 404);
    const body = await readMultipart(c.req.raw);
    if (!body.ok) return c.json({ error: body.error }, 400);
    const result = await updateArticle(c.env, db, journalId, c.get("user").username, existing, formFields(body.form), formFile(body.form, "pdfFile"));
    if (!result.ok) return c.json(failureBody(result), result.status);
    return c.json(adminArticle(result.value));
  },
);
archivesApp.route("/", updateApp as unknown as Hono<HonoEnv>);
