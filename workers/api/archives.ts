import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { ArticleWriteError, getArticleById, getPublicArticleByRef, listIssueArticles, updateArticleWithPdf } from "../../app/models/articles.server";
import type { Article } from "../../app/lib/article";
import { listArchiveYears } from "../../app/models/issues.server";
import { validateArticle } from "../../app/schemas/article";
import { formFields } from "../../app/schemas/common";
import { checkPdf, formFile, UploadRejected } from "../../app/storage/uploads.server";
import type { HonoEnv } from "../types";
import { requireAdmin, sessionUser, type AdminEnv } from "./middleware";
import { parseId, readMultipart } from "./request";
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
  const [year, vol, issue] = [c.req.param("year"), c.req.param("vol"), c.req.param("issue")].map((s) =>
    Number.parseInt(s.replace(/^(vol|issue)/i, ""), 10),
  );
  if (![year, vol, issue].every((n) => Number.isInteger(n) && n >= 0)) return c.json({ error: "not_found" }, 404);
  const rows = await listIssueArticles(getDb(c.env.DB), c.get("journal").id, year, vol, issue);
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

/**
 * Fields an update may change. One the body omits keeps its stored value (PATCH-like, so a
 * client that sends only what it edits cannot wipe keywords, mobile…); one sent empty is
 * cleared. `doi` is left out: the validator already keeps it when it is absent.
 */
const UPDATABLE = [
  "refnumber", "txnid", "ptype", "publishdate", "authorname", "email", "mobile", "country", "subject",
  "keywords", "pagenumber", "title", "abstract", "frequency", "status",
] as const satisfies readonly (keyof Article)[];

function storedFields(article: Article): Record<string, string> {
  return Object.fromEntries(UPDATABLE.map((key) => [key, String(article[key] ?? "")]));
}

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
    const file = formFile(body.form, "pdfFile");
    const fields = { ...storedFields(existing), ...formFields(body.form) };
    const result = validateArticle(fields, {
      mode: "edit",
      hasPdf: !!file,
      original: { refnumber: existing.refnumber, txnid: existing.txnid },
    });
    if (!result.ok) {
      return c.json(result.code ? { error: result.code } : { error: "validation_failed", fields: result.fields }, 400);
    }
    try {
      const pdf = file ? await checkPdf(file) : null;
      const updated = await updateArticleWithPdf(c.env, db, journalId, existing, result.value, pdf, c.get("user").username);
      return c.json(adminArticle(updated));
    } catch (error) {
      if (error instanceof UploadRejected) return c.json({ error: error.code }, error.status);
      if (error instanceof ArticleWriteError) return c.json({ error: error.code }, 409);
      throw error;
    }
  },
);
archivesApp.route("/", updateApp as unknown as Hono<HonoEnv>);
