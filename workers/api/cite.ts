import { Hono, type Context } from "hono";
import { getDb } from "../../app/db/client.server";
import { contentDisposition } from "../../app/http/content-disposition";
import { getPublicArticleByRef, listIssueArticles } from "../../app/models/articles.server";
import type { Article } from "../../app/lib/article";
import { toBibtex, toCslJson, toRis, type CiteJournal } from "../../app/lib/citation/cite-formats";
import { absoluteUrl, articleFileUrl, articlePath, parseIssueParams } from "../../app/lib/urls";
import type { HonoEnv } from "../types";

/**
 * Citation exports: one article as RIS, BibTeX or CSL-JSON, and a whole issue as RIS or
 * BibTeX (GET /api/cite/{ref}.{ris|bib|json}, /api/cite/issue/{year}/{vol}/{issue}.{ris|bib}).
 */
export const citeApp = new Hono<HonoEnv>({ strict: false });

function citeJournal(c: Context<HonoEnv>, a: Article): CiteJournal {
  const journal = c.get("journal");
  const s = journal.settings;
  const file = articleFileUrl(a);
  return {
    name: s.websitename,
    issn: s.issn,
    essn: s.journal_essn,
    publisher: s.publisher_name,
    url: absoluteUrl(journal, articlePath(a)),
    pdfUrl: file ? absoluteUrl(journal, file) : undefined,
  };
}

const TYPES = {
  ris: "application/x-research-info-systems",
  bib: "application/x-bibtex",
  json: "application/vnd.citationstyles.csl+json",
} as const;

function download(body: string, ext: keyof typeof TYPES, name: string): Response {
  return new Response(body, {
    headers: {
      "content-type": `${TYPES[ext]}; charset=utf-8`,
      "content-disposition": contentDisposition("attachment", `${name}.${ext}`),
      "cache-control": "public, max-age=300",
    },
  });
}

citeApp.get("/issue/:year/:vol/:file", async (c) => {
  const m = /^(\d{1,4})\.(ris|bib)$/.exec(c.req.param("file"));
  const ref = m && parseIssueParams({ year: c.req.param("year"), volume: c.req.param("vol"), issue: m[1] }, { plain: true });
  if (!m || !ref) return c.json({ error: "not_found" }, 404);
  const { year, volume: vol, issue } = ref;
  const ext = m[2] as "ris" | "bib";
  const rows = await listIssueArticles(getDb(c.env.DB), c.get("journal").id, year, vol, issue);
  if (rows.length === 0) return c.json({ error: "not_found" }, 404);
  const body = rows.map((a) => (ext === "ris" ? toRis(a, citeJournal(c, a)) : toBibtex(a, citeJournal(c, a)))).join(ext === "ris" ? "\r\n" : "\n");
  return download(body, ext, `issue-${year}-vol${vol}-issue${issue}`);
});

citeApp.get("/:file", async (c) => {
  const m = /^(\d{1,20})\.(ris|bib|json)$/.exec(c.req.param("file"));
  if (!m) return c.json({ error: "not_found" }, 404);
  const a = await getPublicArticleByRef(getDb(c.env.DB), c.get("journal").id, m[1]);
  if (!a) return c.json({ error: "not_found" }, 404);
  const ext = m[2] as keyof typeof TYPES;
  const j = citeJournal(c, a);
  const body = ext === "ris" ? toRis(a, j) : ext === "bib" ? toBibtex(a, j) : JSON.stringify([toCslJson(a, j)], null, 2);
  return download(body, ext, `article-${a.refnumber}`);
});
