/**
 * Test data for the browser tests, written before the server starts through the app's own
 * write paths — the same use-cases the admin forms and the API call — so a test's rows are rows
 * the app would make: required fields, the author rule, page order within the issue, HTML
 * cleaned on write, search text and the PDF stored as an upload stores it. A refused row throws
 * with the app's own field messages.
 */
import "../../scripts/lib/ts-resolve.mjs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Article } from "../../app/lib/article.ts";
import type { LocalEnv } from "../../scripts/lib/local.ts";
import type { Issue } from "../../app/models/issues.server.ts";

const FONTS = path.resolve(import.meta.dirname, "../../public/fonts");

const models = async () => {
  const { getDb } = await import("../../app/db/client.server.ts");
  const { createIssue, findIssue } = await import("../../app/models/issues.server.ts");
  const { addArticle, updateArticle } = await import("../../app/models/staff-writes.server.ts");
  const { setFontSource } = await import("../../app/documents/font-files.server.ts");
  const { staffActor } = await import("../../app/models/history.server.ts");
  // The printable-character check of articles and editors reads the document fonts: the files
  // the Worker's static assets serve (public/fonts/, laid out by the build), read from disk as
  // the Node scripts read them.
  setFontSource(async (file) => new Uint8Array(await readFile(path.join(FONTS, file))));
  // Written as a staff member would (the factories' actor for workerd tests: no user row needed).
  const staffAs = (username = "staff") => staffActor({ id: 0, username });
  return { getDb, createIssue, findIssue, addArticle, updateArticle, staffAs };
};

/** An issue as the admin "Add issue" action stores it (any year: issues imported from earlier years have one). */
export async function addIssue(env: LocalEnv, journalId: number, issue: { year: number; volume: number; issue: number; frequency: string }): Promise<Issue> {
  const { getDb, createIssue, staffAs } = await models();
  return createIssue(getDb(env.DB), journalId, { ...issue, createdby: "staff" }, staffAs());
}

/** The one-page PDF an article gets unless a test gives its own bytes. */
export function pdfBytes(): Uint8Array {
  return new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
}

export type ArticleFields = Partial<Record<
  | "refnumber" | "txnid" | "ptype" | "publishdate" | "authorname" | "email" | "mobile" | "country" | "subject" | "keywords" | "pagenumber" | "title" | "abstract" | "doi"
  | "authors" | "references" | "license_url" | "received_date" | "accepted_date",
  string
>>;

/**
 * Adds an article to an issue through `addArticle` (the admin form's and POST
 * /api/admin/archives' use-case) with a PDF; `status: "disabled"` then switches it off as an
 * edit does. `refnumber`, `title`, `authorname` and `pagenumber` are the test's to give.
 */
export async function addArticle(
  env: LocalEnv,
  journalId: number,
  issue: Issue,
  fields: ArticleFields & { refnumber: string; title: string; authorname: string; pagenumber: string },
  options: { status?: "enabled" | "disabled"; pdf?: Uint8Array; username?: string } = {},
): Promise<Article> {
  const { getDb, addArticle: add, updateArticle, staffAs } = await models();
  const db = getDb(env.DB);
  const input = {
    txnid: `TXN${fields.refnumber}`,
    ptype: "paid",
    publishdate: "2025-01-15",
    email: `author${fields.refnumber}@mail.example`,
    abstract: "<p>An abstract.</p>",
    ...fields,
  };
  const file = new File([(options.pdf ?? pdfBytes()) as BlobPart], `${fields.refnumber}.pdf`, { type: "application/pdf" });
  const username = options.username ?? "staff";
  const added = await add(env, db, journalId, staffAs(username), { ...issue, frequency: issue.frequency ?? "" }, input, file);
  if (!added.ok) throw new Error(`the app refuses article ${fields.refnumber}: ${added.status} ${added.code ?? ""} ${JSON.stringify(added.fields)}`);
  if (options.status !== "disabled") return added.value;
  const edited = await updateArticle(env, db, journalId, staffAs(username), added.value, { status: "disabled" }, null);
  if (!edited.ok) throw new Error(`the app refuses to disable article ${fields.refnumber}: ${JSON.stringify(edited.fields)}`);
  return edited.value;
}

type RowFields = { refnumber: string; title: string; authorname: string; pagenumber: string } & Partial<Omit<Article, "id" | "journalId" | "issueId">>;

/**
 * Article rows as given, in one D1 batch: without today's add rules and without a PDF unless
 * `file` names one, their HTML cleaned as every stored row was (migration 0012), search text and
 * pages derived as the app derives them. For rows the app can no longer make (an author name
 * from before the author rule, articles out of page order, no PDF) and for volume (tens or
 * hundreds of rows, where one use-case call each would cost the test seconds); say which at the
 * call. Everything else: `addArticle`.
 */
export async function insertArticleRows(env: LocalEnv, journalId: number, issue: Issue, rows: RowFields[]): Promise<Article[]> {
  const { getDb } = await models();
  const { articles } = await import("../../app/db/schema/index.ts");
  const { searchText } = await import("../../app/models/articles.server.ts");
  const { parsePageRange } = await import("../../app/lib/pages.ts");
  const { cleanHtmlFields } = await import("../../app/schemas/html-fields.ts");
  const db = getDb(env.DB);
  const inserts = rows.map((fields) => {
    const clean = cleanHtmlFields("articles", { abstract: "<p>An abstract.</p>", ...fields });
    const pages = parsePageRange(clean.pagenumber);
    if (!pages) throw new Error(`insertArticleRows: no page range in '${clean.pagenumber}'`);
    return db
      .insert(articles)
      .values({
        year: issue.year,
        volume: issue.volume,
        issue: issue.issue,
        frequency: issue.frequency ?? "",
        txnid: `TXN${clean.refnumber}`,
        publishdate: "2025-01-15",
        file: "",
        description: clean.title,
        ...searchText(clean.title, clean.abstract ?? ""),
        ...clean,
        journalId,
        issueId: issue.id,
        firstPage: pages.first,
        lastPage: pages.last,
      })
      .returning();
  });
  if (!inserts.length) return [];
  const results = await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  return results.map(([row]) => row);
}

/** One row the app can no longer make (see insertArticleRows). */
export async function insertLegacyArticle(env: LocalEnv, journalId: number, issue: Issue, fields: RowFields): Promise<Article> {
  const [row] = await insertArticleRows(env, journalId, issue, [fields]);
  return row;
}

/**
 * Adds an editor through `saveEditor` (the admin form's and POST /api/editors' use-case); `pinned`
 * pins it as POST /api/editors/pin does.
 */
export async function addEditor(
  env: LocalEnv,
  journalId: number,
  fields: { name: string; category: string; post: string; content: string } & Partial<Record<"degree" | "email" | "phone" | "country" | "editor_website", string>> & { status?: "enabled" | "disabled" },
  options: { pinned?: boolean } = {},
) {
  const { getDb, staffAs } = await models();
  const { saveEditor } = await import("../../app/models/staff-writes.server.ts");
  const { setEditorsPinned } = await import("../../app/models/editors.server.ts");
  const db = getDb(env.DB);
  const saved = await saveEditor(env, db, journalId, staffAs(), null, fields, null);
  if (!saved.ok) throw new Error(`the app refuses editor ${fields.name}: ${saved.status} ${JSON.stringify(saved.fields)}`);
  if (options.pinned) await setEditorsPinned(db, journalId, [saved.value.id], true, staffAs());
  return saved.value;
}
