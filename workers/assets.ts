import { Hono, type Context } from "hono";
import { getDb } from "../app/db/client.server";
import { contentDisposition } from "../app/http/content-disposition";
import { resolvePublicFile } from "../app/models/public-files.server";
import { listedJournalLogo } from "../app/models/journals.server";
import { isBot } from "../app/lib/bots";
import { recordReaderEvent } from "../app/models/reader-stats.server";
import { contentTypeFor, journalLogoKey } from "../app/storage/keys.server";
import { absoluteUrl, articleFileUrl } from "../app/lib/urls";
import type { HonoEnv } from "./types";

/**
 * /assets/* files of spec §7 served from R2 for the request's journal, with ETag, conditional
 * requests and byte ranges (PDF viewers fetch ranges). Build output (JS/CSS) and the files in
 * public/assets are static assets answered before the Worker runs.
 */
export const assetsApp = new Hono<HonoEnv>();

assetsApp.on(["GET", "HEAD"], "/*", (c) => serveFile(c, new URL(c.req.url).pathname.replace(/^\/assets/, ""), { storedForm: true }));

/**
 * Serves one stored file by its public path (without the /assets prefix). Also used for
 * `/archives/{year}/{vol}/{issue}/{ref}.pdf`, the PDF beside its abstract page, which is what
 * Google Scholar prefers for citation_pdf_url.
 */
export async function serveFile(c: Context<HonoEnv>, path: string, via: { storedForm?: boolean } = {}): Promise<Response> {
  const journal = c.get("journal");
  // Only what a reader may see: the URL resolves through its row (an enabled article's current
  // PDF, a current picture or logo); raw and former object names answer 404 (issue 15.4).
  const file = await resolvePublicFile(getDb(c.env.DB), journal, path);
  if (!file) return notFound(c.env, c.req.raw);
  // An article moved to another issue, or whose issue was corrected: its old URL leads there.
  if (file.movedTo) return c.redirect(absoluteUrl(journal, articleFileUrl(file.movedTo)!), 301);
  const { key, articleId } = file;
  // One URL per PDF (app/lib/urls.ts articleFileUrl): the stored-file form, kept for old links,
  // names the canonical one; a download by either counts (below).
  const canonical = via.storedForm && file.article ? articleFileUrl(file.article) : null;

  const headers = c.req.raw.headers;
  const object = await c.env.FILES.get(key, {
    onlyIf: headers,
    range: headers.has("range") ? headers : undefined,
  });
  if (!object) return notFound(c.env, c.req.raw);

  const out = new Headers();
  object.writeHttpMetadata(out);
  const fileName = path.slice(path.lastIndexOf("/") + 1);
  out.set("content-type", contentTypeFor(fileName));
  out.set("etag", object.httpEtag);
  out.set("last-modified", object.uploaded.toUTCString());
  out.set("accept-ranges", "bytes");
  // Files can be replaced under the same name (a corrected PDF), so revalidate daily.
  out.set("cache-control", "public, max-age=3600, stale-while-revalidate=86400");
  out.set("x-content-type-options", "nosniff");
  // Uploaded content never runs as part of the site.
  out.set("content-security-policy", "sandbox");
  out.set("content-disposition", contentDisposition("inline", fileName));
  if (canonical) out.set("link", `<${absoluteUrl(journal, canonical)}>; rel="canonical"`);

  if (!("body" in object)) {
    // A precondition failed: If-None-Match matched (304) or If-Match failed (412).
    const status = headers.has("if-none-match") || headers.has("if-modified-since") ? 304 : 412;
    return new Response(null, { status, headers: out });
  }

  const body = c.req.method === "HEAD" ? null : object.body;
  // Count a PDF download once per reader fetch (not per byte range, not for bots), after the
  // response is on its way.
  const range = headers.get("range");
  if (articleId && c.req.method === "GET" && (!range || /^bytes=0-/.test(range)) && !isBot(headers.get("user-agent"))) {
    c.executionCtx.waitUntil(recordReaderEvent(getDb(c.env.DB), journal.id, articleId, "downloads").catch(() => {}));
  }
  if (object.range && headers.has("range")) {
    const r = object.range as { offset?: number; length?: number; suffix?: number };
    const size = object.size;
    const start = r.suffix !== undefined ? size - r.suffix : (r.offset ?? 0);
    const length = r.suffix !== undefined ? r.suffix : (r.length ?? size - start);
    out.set("content-range", `bytes ${start}-${start + length - 1}/${size}`);
    out.set("content-length", String(length));
    return new Response(body, { status: 206, headers: out });
  }
  out.set("content-length", String(object.size));
  return new Response(body, { status: 200, headers: out });
}

/**
 * `/journals/logos/{journalId}/{file}`: the logo of a journal on the publisher's list, served on
 * every journal's host (the list page may only load images from its own origin). Only the
 * current logo of an enabled, listed journal; object names change with every upload, so the
 * answer never goes stale.
 */
export async function serveListedLogo(c: Context<HonoEnv>): Promise<Response> {
  const id = Number(c.req.param("id"));
  const file = c.req.param("file") ?? "";
  if (!Number.isSafeInteger(id) || id <= 0) return notFound(c.env, c.req.raw);
  const logo = await listedJournalLogo(getDb(c.env.DB), id);
  if (!logo || logo !== file) return notFound(c.env, c.req.raw);
  const object = await c.env.FILES.get(journalLogoKey(id, logo));
  if (!object) return notFound(c.env, c.req.raw);
  return new Response(c.req.method === "HEAD" ? null : object.body, {
    headers: {
      "content-type": contentTypeFor(logo),
      "content-length": String(object.size),
      etag: object.httpEtag,
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "sandbox",
    },
  });
}

async function notFound(env: Env, request: Request): Promise<Response> {
  // Static files (default avatar, copyright form) when the Worker is asked for them directly.
  const assets = (env as Env & { ASSETS?: Fetcher }).ASSETS;
  if (assets) {
    const res = await assets.fetch(request);
    if (res.ok || res.status === 304) return res;
  }
  return new Response("Not found", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
