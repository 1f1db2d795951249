import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { buildCertificate } from "../../app/documents/certificate.server";
import { buildCoverPage } from "../../app/documents/coverpage.server";
import { buildEditorCertificate } from "../../app/documents/editor-certificate.server";
import { buildEditorialBoard } from "../../app/documents/editorial-board.server";
import { DOCUMENTS_VERSION } from "../../app/documents/canvas.server";
import { dataDate } from "../../app/documents/format.server";
import { prepareLogo } from "../../app/documents/logo.server";
import { journalLogoKey } from "../../app/storage/keys.server";
import { absoluteUrl, verifyPath } from "../../app/lib/urls";
import { journalToday } from "../../app/lib/dates";
import { buildIndexPage } from "../../app/documents/index-page.server";
import type { ArticleSummary } from "../../app/lib/article";
import type { EditorInfo, JournalInfo } from "../../app/documents/types";
import { certificateCode, certificateSecret } from "../../app/documents/verification.server";
import { uniqueEntryName, zipStream, type ZipEntry } from "../../app/documents/zip.server";
import { getDb } from "../../app/db/client.server";
import { contentDisposition } from "../../app/http/content-disposition";
import { ifNoneMatch } from "../etag";
import { articlesByRefnumbers, editorsByIds, type DocumentArticle } from "../../app/models/documents.server";
import type { Editor } from "../../app/models/editors.server";
import { readBoardDocument, readCertificateDocument, readChiefEditorName, readCoverPageDocument } from "../../app/models/pages.server";
import type { JournalContext } from "../../app/models/journals.server";
import { MissingSecretError } from "../../app/lib/secrets";
import { fileSafeSurname, splitAuthors } from "../../app/lib/names";
import { displayImpactFactor } from "../../app/lib/site";
import type { HonoEnv } from "../types";
import { requireAdmin } from "./middleware";
import { parseId } from "./request";

/**
 * Downloads of spec §7, generated in the Worker for the journal of the request's host:
 *   GET  /api/pdf/certificate/{refnumber}/{author}  certificate-{refnumber}.pdf ({author} = 1-based byline position)
 *   GET  /api/pdf/coverpage/{id}                     coverpage-{id}.pdf ({id} = article id)
 *   GET  /api/pdf/editorialboard                     Editorial-Board.pdf
 *   POST /api/pdf/indexpage          (admin)         Index-Page.pdf
 *   POST /api/pdf/bulkcertificates   (admin)         Certificates.zip
 *   POST /api/pdf/editorscertificate (admin)         Editors-Certificate.zip
 * Selections are JSON: {"refnumbers": [...]} / {"ids": [...]} or a bare array.
 */
export const pdfApp = new Hono<HonoEnv>({ strict: false });

/** Most articles (index page, certificates) or editors one request may select. */
export const MAX_SELECTION = 200;

/**
 * The journal as documents show it, with its logo prepared for embedding when it has one. A
 * logo that cannot be read or decoded is left out (the documents then show the seal): a
 * certificate must never fail because of the picture at its top.
 */
export async function documentJournal(env: Env, journal: JournalContext): Promise<JournalInfo> {
  const info = journalInfo(journal);
  const name = journal.settings.logo;
  if (!name) return info;
  try {
    const logo = await prepareLogo(`${journal.id}/${name}`, name.endsWith(".png") ? "png" : "jpg", async () => {
      const object = await env.FILES.get(journalLogoKey(journal.id, name));
      if (!object) throw new Error(`logo ${name} is missing from storage`);
      return new Uint8Array(await object.arrayBuffer());
    });
    return { ...info, logo };
  } catch (error) {
    console.error("journal logo left out of a document", error);
    return info;
  }
}

export function journalInfo(journal: JournalContext): JournalInfo {
  const s = journal.settings;
  return {
    name: s.websitename || journal.name,
    issn: s.issn,
    essn: s.journal_essn,
    impactFactor: displayImpactFactor(s.impactfactor),
    yearStarted: s.year_started,
    frequency: s.journal_frequency,
    publisherName: s.publisher_name,
    publisherAddress: s.publisher_address,
    email: s.websiteemail,
    domain: s.domain || journal.host,
  };
}

function articleInfo(a: DocumentArticle): ArticleSummary {
  return {
    refnumber: a.refnumber,
    title: a.title,
    authorname: a.authorname,
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    frequency: a.frequency || a.issueFrequency || "",
    pagenumber: a.pagenumber,
    publishdate: a.publishdate,
  };
}

function editorInfo(e: Editor): EditorInfo {
  return {
    id: e.id,
    name: e.name,
    category: e.category,
    post: e.post,
    degree: e.degree,
    content: e.content,
    country: e.country,
    email: e.email,
    phone: e.phone,
    updatedAt: e.updated_at,
  };
}

const PUBLIC_CACHE = "public, max-age=0, must-revalidate";

/**
 * Public documents may be kept by the edge cache (workers/cache.ts keys entries by journal
 * version, and every staff write bumps it) while browsers revalidate against their ETag;
 * staff documents never.
 */
function pdfResponse(bytes: Uint8Array, filename: string, access: "public" | "staff", etag?: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": contentDisposition("attachment", filename),
      "content-length": String(bytes.length),
      "cache-control": access === "public" ? PUBLIC_CACHE : "no-store",
      ...(etag ? { etag } : {}),
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * Strong ETag of a public document, from its inputs rather than its bytes: documents are
 * deterministic (dated from their data), and everything they show — the journal's settings, the
 * article, the editors — changes only through staff writes, each of which bumps the journal's
 * version. So journal id + version + the document's own key + the document code's version
 * identify the bytes, and can be checked before any query or build. (The verification link on a
 * certificate names the journal's primary host, which only a version bump changes.)
 */
function documentEtag(journal: JournalContext, key: string): string {
  return `"d${DOCUMENTS_VERSION}-j${journal.id}.${journal.version}-${key}"`;
}

/** If-None-Match names this ETag; `*` is answered by `exists`. */
function notModified(request: Request, etag: string, exists = false): boolean {
  return ifNoneMatch(request.headers.get("if-none-match"), etag, exists);
}

function notModifiedResponse(etag: string): Response {
  return new Response(null, { status: 304, headers: { etag, "cache-control": PUBLIC_CACHE } });
}

function zipResponse(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(stream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": contentDisposition("attachment", filename),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

function notFound(extra: Record<string, unknown> = {}): Response {
  return json({ error: "not_found", ...extra }, 404);
}

function misconfigured(error: unknown): Response {
  if (!(error instanceof MissingSecretError)) throw error;
  console.error(error.message);
  return json({ error: "server_misconfigured", message: "Certificates need CERTIFICATE_SECRET or JWT_SECRET to sign their verification codes" }, 500);
}

function verifyUrl(journal: JournalContext, code: string): string {
  return absoluteUrl(journal, verifyPath(code));
}

// Large enough to read 10,000 refnumbers and say clearly that at most MAX_SELECTION are
// allowed (400 too_many); anything bigger is not a selection at all.
export const selectionLimit = bodyLimit({
  maxSize: 512 * 1024,
  onError: (c) => c.json({ error: "payload_too_large", message: "The selection is too large" }, 413),
});

export type Selection<T> = { ok: true; values: T[] } | { ok: false; response: Response };

function badRequest(error: string, message: string): { ok: false; response: Response } {
  return { ok: false, response: json({ error, message }, 400) };
}

/**
 * Reads a selection body: `{"<key>": [...]}` or a bare JSON array. Values are checked with
 * `parse` (null = invalid), de-duplicated, and the count is checked against MAX_SELECTION.
 */
export async function readSelection<T>(request: Request, key: string, noun: string, parse: (v: unknown) => T | null): Promise<Selection<T>> {
  const type = request.headers.get("content-type") ?? "";
  if (type && !type.includes("application/json")) {
    return badRequest("expected_json", `Send the selected ${noun} as JSON: {"${key}": [...]}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return badRequest("malformed_json", `The request body is not valid JSON; send {"${key}": [...]}`);
  }
  const list = Array.isArray(body) ? body : body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) {
    return badRequest("invalid_selection", `Send the selected ${noun} as {"${key}": [...]} or a JSON array`);
  }
  const values: T[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    const value = parse(item);
    if (value === null) {
      return badRequest("invalid_selection", `Not a valid ${noun.replace(/s$/, "")}: ${JSON.stringify(item)?.slice(0, 40)}`);
    }
    const k = String(value);
    if (!seen.has(k)) {
      seen.add(k);
      values.push(value);
    }
  }
  if (!values.length) return badRequest("empty_selection", `Select at least one of the ${noun}`);
  if (values.length > MAX_SELECTION) {
    return badRequest("too_many", `Select at most ${MAX_SELECTION} ${noun} at a time (got ${values.length})`);
  }
  return { ok: true, values };
}

export function parseRefnumber(v: unknown): string | null {
  const s = typeof v === "number" && Number.isSafeInteger(v) ? String(v) : typeof v === "string" ? v.trim() : "";
  return /^[A-Za-z0-9]{1,40}$/.test(s) ? s : null;
}

function parseEditorId(v: unknown): number | null {
  if (typeof v === "number") return Number.isSafeInteger(v) && v > 0 ? v : null;
  return typeof v === "string" ? parseId(v.trim()) : null;
}

/** The selected articles of this journal, or the 400/404 response. Every refnumber must exist. */
async function selectedArticles(request: Request, env: Env, journalId: number): Promise<{ articles: DocumentArticle[] } | Response> {
  const selection = await readSelection(request, "refnumbers", "articles", parseRefnumber);
  if (!selection.ok) return selection.response;
  const articles = await articlesByRefnumbers(getDb(env.DB), journalId, selection.values);
  const found = new Set(articles.map((a) => a.refnumber));
  const missing = selection.values.filter((r) => !found.has(r));
  if (missing.length) return notFound({ message: `Unknown reference number(s): ${missing.slice(0, 20).join(", ")}`, missing });
  return { articles };
}

async function chiefEditorName(env: Env, journalId: number): Promise<string> {
  return readChiefEditorName(getDb(env.DB), journalId);
}

// ---- Public downloads -------------------------------------------------------------------------

pdfApp.get("/certificate/:refnumber/:author", async (c) => {
  const refnumber = parseRefnumber(c.req.param("refnumber"));
  const position = /^\d{1,3}$/.test(c.req.param("author")) ? Number(c.req.param("author")) : 0;
  if (!refnumber || position < 1) return notFound();
  const journal = c.get("journal");
  // The verification code (an HMAC of journal, refnumber and position) names the certificate
  // and changes with the signing secret: with the journal's version it makes the ETag, checked
  // before any query or build.
  let code: string;
  try {
    code = await certificateCode(certificateSecret(c.env), journal.id, refnumber, position);
  } catch (error) {
    return misconfigured(error);
  }
  const etag = documentEtag(journal, `certificate-${code}`);
  if (notModified(c.req.raw, etag)) return notModifiedResponse(etag);
  // One round trip: the article and the editor-in-chief.
  const { article, chiefEditor } = await readCertificateDocument(getDb(c.env.DB), journal.id, refnumber);
  if (!article) return notFound();
  const authors = splitAuthors(article.authorname);
  if (position > authors.length) return notFound({ message: `The article has ${authors.length} author(s)` });
  if (notModified(c.req.raw, etag, true)) return notModifiedResponse(etag);
  const bytes = await buildCertificate({
    journal: await documentJournal(c.env, journal),
    article: articleInfo(article),
    author: authors[position - 1],
    position,
    editorInChief: chiefEditor,
    verifyUrl: verifyUrl(journal, code),
    code,
  });
  return pdfResponse(bytes, `certificate-${article.refnumber}.pdf`, "public", etag);
});

pdfApp.get("/coverpage/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  if (!id) return notFound();
  const journal = c.get("journal");
  const etag = documentEtag(journal, `coverpage-${id}`);
  if (notModified(c.req.raw, etag)) return notModifiedResponse(etag);
  const article = await readCoverPageDocument(getDb(c.env.DB), journal.id, id);
  if (!article) return notFound();
  if (notModified(c.req.raw, etag, true)) return notModifiedResponse(etag);
  const info = articleInfo(article);
  const bytes = await buildCoverPage({
    journal: await documentJournal(c.env, journal),
    issue: { year: info.year, volume: info.volume, issue: info.issue, frequency: info.frequency },
    date: info.publishdate,
  });
  return pdfResponse(bytes, `coverpage-${id}.pdf`, "public", etag);
});

pdfApp.get("/editorialboard", async (c) => {
  const journal = c.get("journal");
  const etag = documentEtag(journal, "editorialboard");
  if (notModified(c.req.raw, etag, true)) return notModifiedResponse(etag);
  const editors = await readBoardDocument(getDb(c.env.DB), journal.id);
  const bytes = await buildEditorialBoard({
    journal: await documentJournal(c.env, journal),
    editors: editors.map(editorInfo),
    showContacts: journal.settings.show_editor_contacts,
  });
  return pdfResponse(bytes, "Editorial-Board.pdf", "public", etag);
});

// ---- Staff downloads ---------------------------------------------------------------------------

pdfApp.post("/indexpage", requireAdmin, selectionLimit, async (c) => {
  const selected = await selectedArticles(c.req.raw, c.env, c.get("journal").id);
  if (selected instanceof Response) return selected;
  const bytes = await buildIndexPage({ journal: await documentJournal(c.env, c.get("journal")), articles: selected.articles.map(articleInfo) });
  return pdfResponse(bytes, "Index-Page.pdf", "staff");
});

pdfApp.post("/bulkcertificates", requireAdmin, selectionLimit, async (c) => {
  const journal = c.get("journal");
  const selected = await selectedArticles(c.req.raw, c.env, journal.id);
  if (selected instanceof Response) return selected;
  const secret = certificateSecret(c.env);
  try {
    await certificateCode(secret, journal.id, "0", 1);
  } catch (error) {
    return misconfigured(error);
  }
  const chief = await chiefEditorName(c.env, journal.id);
  const info = await documentJournal(c.env, journal);
  const tasks = selected.articles.flatMap((a) => splitAuthors(a.authorname).map((author, i) => ({ article: a, author, position: i + 1 })));
  const used = new Set<string>();
  let index = 0;
  const stream = zipStream(async (): Promise<ZipEntry | null> => {
    const task = tasks[index++];
    if (!task) return null;
    const code = await certificateCode(secret, journal.id, task.article.refnumber, task.position);
    const data = await buildCertificate({
      journal: info,
      article: articleInfo(task.article),
      author: task.author,
      position: task.position,
      editorInChief: chief,
      verifyUrl: verifyUrl(journal, code),
      code,
    });
    const name = uniqueEntryName(`${task.article.refnumber}-${task.position}-${fileSafeSurname(task.author)}.pdf`, used);
    return { name, data };
  }, dataDate(selected.articles.map((a) => a.publishdate)));
  return zipResponse(stream, "Certificates.zip");
});

pdfApp.post("/editorscertificate", requireAdmin, selectionLimit, async (c) => {
  const selection = await readSelection(c.req.raw, "ids", "editors", parseEditorId);
  if (!selection.ok) return selection.response;
  const journal = c.get("journal");
  const editors = (await editorsByIds(getDb(c.env.DB), journal.id, selection.values)).sort((a, b) => b.is_pinned - a.is_pinned || a.id - b.id);
  const found = new Set(editors.map((e) => e.id));
  const missing = selection.values.filter((id) => !found.has(id));
  if (missing.length) return notFound({ message: `Unknown editor id(s): ${missing.slice(0, 20).join(", ")}`, missing });
  const chief = await chiefEditorName(c.env, journal.id);
  const info = await documentJournal(c.env, journal);
  const issuedOn = journalToday(c.get("journal").settings.timezone);
  const used = new Set<string>();
  let index = 0;
  const stream = zipStream(async (): Promise<ZipEntry | null> => {
    const editor = editors[index++];
    if (!editor) return null;
    const data = await buildEditorCertificate({ journal: info, editor: editorInfo(editor), editorInChief: chief, issuedOn });
    return { name: uniqueEntryName(`editor-${editor.id}-${fileSafeSurname(editor.name)}.pdf`, used), data };
  }, dataDate([issuedOn]));
  return zipResponse(stream, "Editors-Certificate.zip");
});

pdfApp.notFound((c) => c.json({ error: "not_found" }, 404));
