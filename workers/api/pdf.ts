import { Hono, type Context, type Next } from "hono";
import type { Refusal } from "../../app/documents/downloads.server";
import type { JournalContext } from "../../app/models/journals.server";
import { contentDisposition } from "../../app/http/content-disposition";
import { apiCertificatePdfFilename, certificateFilePath, certificatePdfFilename, certificatePdfPath, coverPagePdfFilename, EDITORIAL_BOARD_PDF_FILENAME, STAFF_DOWNLOADS } from "../../app/lib/urls";
import { LEFT_OUT_HEADER, parseAuthorPosition, parseEditorId, parseRefnumber } from "../../app/schemas/selection";
import { ifNoneMatch } from "../etag";
import type { HonoEnv } from "../types";
import { requireAdmin } from "./middleware";
import { parseId, readSelection } from "./request";

/**
 * Downloads of spec §7, generated in the Worker for the journal of the request's host:
 *   GET  /api/pdf/certificate/{refnumber}/{author}  certificate-{refnumber}.pdf ({author} = 1-based byline position)
 *        (the certificate page links the same document as /pdf/{refnumber}/certificate-{refnumber}-{author}.pdf:
 *        certificateFile below, mounted in workers/app.ts)
 *   GET  /api/pdf/coverpage/{id}                     coverpage-{id}.pdf ({id} = article id)
 *   GET  /api/pdf/editorialboard                     Editorial-Board.pdf
 *   POST /api/pdf/indexpage          (admin)         Index-Page.pdf
 *   POST /api/pdf/bulkcertificates   (admin)         Certificates.zip
 *   POST /api/pdf/editorscertificate (admin)         Editors-Certificate.zip
 * Selections are JSON: {"refnumbers": [...]} / {"ids": [...]} or a bare array (app/schemas/selection.ts);
 * their bodies are capped before any route runs (app/http/body.ts, MAX_SELECTION_BYTES).
 * What each document shows and which may be made is decided in app/documents/downloads.server.ts;
 * the handlers here only translate its outcomes to HTTP.
 */
export const pdfApp = new Hono<HonoEnv>({ strict: false });

/**
 * The document builders (pdf-lib, fontkit, the layout code): loaded by the first document
 * request of an isolate, not when the Worker starts, so reader pages never pay for them
 * (docs/decisions/030-worker-startup.md).
 */
const documents = () => import("../../app/documents/downloads.server");
const documentsVersion = async () => (await import("../../app/documents/canvas.server")).DOCUMENTS_VERSION;

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
async function documentEtag(journal: JournalContext, key: string): Promise<string> {
  return `"d${await documentsVersion()}-j${journal.id}.${journal.version}-${key}"`;
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

function refused(r: Refusal): Response {
  return json(r.body, r.status);
}

// ---- Public downloads -------------------------------------------------------------------------

pdfApp.get("/certificate/:refnumber/:author", (c) => {
  const refnumber = parseRefnumber(c.req.param("refnumber"));
  const position = parseAuthorPosition(c.req.param("author"));
  if (!refnumber || !position) return json({ error: "not_found" }, 404);
  if (c.req.param("author") !== String(position)) return canonicalRedirect(certificatePdfPath(refnumber, position));
  return serveCertificate(c, refnumber, position, apiCertificatePdfFilename(refnumber));
});

/**
 * One document, one URL: an author position written with leading zeros (`01`) is sent to its
 * plain form (`1`) for good, so links, caches and download counts never split between the two.
 */
function canonicalRedirect(path: string): Response {
  return new Response(null, { status: 301, headers: { location: path, "cache-control": "public, max-age=3600" } });
}

/**
 * GET /pdf/{refnumber}/certificate-{refnumber}-{n}.pdf — the certificate page's buttons (issue
 * 17.7): the same document, checks and cache headers as the API call, saved under a name
 * distinct per author. Mounted by workers/app.ts outside /api, so an alias host 301s to the
 * primary like every other file. Any other file name under /pdf/{refnumber}/ falls through to
 * the site's 404 page.
 */
export async function certificateFile(c: Context<HonoEnv>, next: Next): Promise<Response | void> {
  const refnumber = parseRefnumber(c.req.param("refnumber"));
  const m = /^certificate-([A-Za-z0-9]{1,40})-(\d{1,3})\.pdf$/.exec(c.req.param("file") ?? "");
  // Not a certificate's name: the site's own 404 page answers.
  if (!refnumber || !m || m[1] !== refnumber) return next();
  const position = parseAuthorPosition(m[2]);
  if (!position) return json({ error: "not_found" }, 404);
  if (m[2] !== String(position)) return canonicalRedirect(certificateFilePath(refnumber, position));
  return serveCertificate(c, refnumber, position, certificatePdfFilename(refnumber, position));
}

/** One author's certificate with its ETag (checked before any query), or the refusal. */
async function serveCertificate(c: Context<HonoEnv>, refnumber: string, position: number, filename: string): Promise<Response> {
  const journal = c.get("journal");
  const { authorCertificate, certificateEtagKey } = await documents();
  const key = await certificateEtagKey(c.env, journal, refnumber, position);
  if (!key.ok) return refused(key);
  const etag = await documentEtag(journal, key.value);
  if (notModified(c.req.raw, etag)) return notModifiedResponse(etag);
  const doc = await authorCertificate(c.env, journal, refnumber, position, () => notModified(c.req.raw, etag, true));
  if (!doc.ok) return refused(doc);
  if (doc.value === "not-modified") return notModifiedResponse(etag);
  const res = pdfResponse(doc.value, filename, "public", etag);
  // An author's certificate is theirs to share, not a search result: robots.txt keeps crawlers
  // out of /api/, and this keeps the /pdf/{ref}/… copy out of indexes too.
  res.headers.set("x-robots-tag", "noindex");
  return res;
}

pdfApp.get("/coverpage/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  if (!id) return json({ error: "not_found" }, 404);
  const journal = c.get("journal");
  const etag = await documentEtag(journal, `coverpage-${id}`);
  if (notModified(c.req.raw, etag)) return notModifiedResponse(etag);
  const { articleCoverPage } = await documents();
  const doc = await articleCoverPage(c.env, journal, id, () => notModified(c.req.raw, etag, true));
  if (!doc.ok) return refused(doc);
  if (doc.value === "not-modified") return notModifiedResponse(etag);
  return pdfResponse(doc.value, coverPagePdfFilename(id), "public", etag);
});

pdfApp.get("/editorialboard", async (c) => {
  const journal = c.get("journal");
  const etag = await documentEtag(journal, "editorialboard");
  if (notModified(c.req.raw, etag, true)) return notModifiedResponse(etag);
  const { editorialBoard } = await documents();
  return pdfResponse(await editorialBoard(c.env, journal), EDITORIAL_BOARD_PDF_FILENAME, "public", etag);
});

// ---- Staff downloads ---------------------------------------------------------------------------

pdfApp.post("/indexpage", requireAdmin, async (c) => {
  const selection = await readSelection(c.req.raw, "refnumbers", "articles", parseRefnumber);
  if (!selection.ok) return selection.response;
  const { indexPage } = await documents();
  const doc = await indexPage(c.env, c.get("journal"), selection.values);
  return doc.ok ? pdfResponse(doc.value, STAFF_DOWNLOADS.indexPage.filename, "staff") : refused(doc);
});

pdfApp.post("/bulkcertificates", requireAdmin, async (c) => {
  const selection = await readSelection(c.req.raw, "refnumbers", "articles", parseRefnumber);
  if (!selection.ok) return selection.response;
  const { certificateZip } = await documents();
  const zip = await certificateZip(c.env, c.get("journal"), selection.values);
  if (!zip.ok) return refused(zip);
  const res = zipResponse(zip.value.stream, STAFF_DOWNLOADS.certificates.filename);
  // Unpublished articles left out of the zip (also named in its README.txt), for the admin's message.
  if (zip.value.leftOut.length) res.headers.set(LEFT_OUT_HEADER, zip.value.leftOut.join(", "));
  return res;
});

pdfApp.post("/editorscertificate", requireAdmin, async (c) => {
  const selection = await readSelection(c.req.raw, "ids", "editors", parseEditorId);
  if (!selection.ok) return selection.response;
  const { editorCertificateZip } = await documents();
  const zip = await editorCertificateZip(c.env, c.get("journal"), selection.values);
  return zip.ok ? zipResponse(zip.value, STAFF_DOWNLOADS.editorsCertificate.filename) : refused(zip);
});

pdfApp.notFound((c) => c.json({ error: "not_found" }, 404));
