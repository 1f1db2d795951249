import { Hono, type Context } from "hono";
import { getDb } from "../../app/db/client.server";
import { getArticleById, getPublicArticleByRef, listIssueArticles } from "../../app/models/articles.server";
import { moveArticleUseCase, restoreArticleUseCase, trashArticleUseCase, updateArticle, type WriteResult } from "../../app/models/staff-writes.server";
import { staffActor } from "../../app/models/history.server";
import type { Article } from "../../app/lib/article";
import { listArchiveYears } from "../../app/models/issues.server";
import { formFile } from "../../app/storage/uploads.server";
import type { HonoEnv } from "../types";
import { requireAdmin, sessionUser, type AdminEnv } from "./middleware";
import { formEdit, issueArticlesAnswer, recordAnswer, writeAnswer } from "./answer";
import { optionalJson, parseId, requestExpectation, versionedJson } from "./request";
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

archivesApp.get("/:year/:vol/:issue", (c) => issueArticlesAnswer(c, listIssueArticles, publicArticle));

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
  return recordAnswer(c, "article", article, adminArticle);
});

/**
 * POST /api/archives/{id}: update an article (multipart, optional pdfFile). `If-Match` (the
 * GET's ETag) or a `version` field makes it conditional: stale → 412 / 409 edit_conflict and
 * nothing changes. Without either, only the fields sent are written, over whatever is stored.
 */
const updateApp = new Hono<AdminEnv>({ strict: false });
updateApp.post("/:id", requireAdmin, async (c) => {
  const edit = await formEdit(c, getArticleById);
  if (!edit.ok) return edit.response;
  const result = await updateArticle(c.env, edit.db, edit.journalId, staffActor(c.get("user")), edit.existing, edit.fields, formFile(edit.form, "pdfFile"), edit.expect);
  return articleAnswer(c, result);
});

/** DELETE /api/archives/{id}: to the trash (restorable for 30 days; If-Match / ?version= optional). */
updateApp.delete("/:id", requireAdmin, (c) => correctArticle(c, async () => ({ ok: true, value: c.req.query("version") }), trashArticleUseCase));

/** POST /api/archives/{id}/restore: out of the trash, with the status it had. */
updateApp.post("/:id/restore", requireAdmin, (c) =>
  correctArticle(
    c,
    async () => {
      const body = await optionalJson(c.req.raw);
      return body.ok ? { ok: true, value: body.value.version ?? c.req.query("version") } : body;
    },
    restoreArticleUseCase,
  ),
);

/** POST /api/archives/{id}/move {issue_id | year, volume, issue; pagenumber?; version?}: to another issue. */
updateApp.post("/:id/move", requireAdmin, async (c) => {
  const id = parseId(c.req.param("id"));
  if (!id) return c.json({ error: "not_found" }, 404);
  const body = await versionedJson(c.req.raw);
  if (!body.ok) return c.json(body.body, 400);
  return articleAnswer(c, await moveArticleUseCase(getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), id, body.input, body.expect));
});
archivesApp.route("/", updateApp as unknown as Hono<HonoEnv>);

/**
 * Trash or restore: the article's id (404 when malformed), then the version the client loaded
 * (400 when its body or version is malformed), then the correction's answer.
 */
async function correctArticle(
  c: Context<AdminEnv>,
  version: () => Promise<{ ok: true; value: unknown } | { ok: false; error: string }>,
  correct: typeof trashArticleUseCase,
) {
  const id = parseId(c.req.param("id"));
  if (!id) return c.json({ error: "not_found" }, 404);
  const found = await version();
  if (!found.ok) return c.json({ error: found.error }, 400);
  const expect = requestExpectation(c.req.raw, found.value);
  if (!expect.ok) return c.json(expect.body, 400);
  return articleAnswer(c, await correct(getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), id, expect.expect));
}

/** A written article with its new ETag, or the failure in the API's shape. */
function articleAnswer(c: Context<AdminEnv>, result: WriteResult<Article>) {
  return writeAnswer(c, "article", result, adminArticle);
}
