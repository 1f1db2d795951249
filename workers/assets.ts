import { Hono, type Context } from "hono";
import { getDb } from "../app/db/client.server";
import { resolvePublicFile } from "../app/models/public-files.server";
import { listedJournalLogo } from "../app/models/journals.server";
import { isBot } from "../app/lib/bots";
import { recordReaderEvent } from "../app/models/reader-stats.server";
import { journalLogoKey } from "../app/storage/keys.server";
import { FILE_CACHE, serveStoredFile } from "../app/storage/serve.server";
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
  // PDF, a current picture or logo); raw and former object names answer 404, so they reveal nothing.
  const file = await resolvePublicFile(getDb(c.env.DB), journal, path);
  if (!file) return notFound(c.env, c.req.raw);
  // An article moved to another issue, or whose issue was corrected: its old URL leads there.
  if (file.movedTo) return c.redirect(absoluteUrl(journal, articleFileUrl(file.movedTo)!), 301);
  const { key, articleId } = file;
  // One URL per PDF (app/lib/urls.ts articleFileUrl): the stored-file form, kept for old links,
  // names the canonical one; a download by either counts (below).
  const canonical = via.storedForm && file.article ? articleFileUrl(file.article) : null;

  const res = await serveStoredFile(c.env.FILES, c.req.raw, {
    key,
    fileName: path.slice(path.lastIndexOf("/") + 1),
    // An article's PDF keeps its URL when replaced or withdrawn; pictures change name.
    cacheControl: articleId ? FILE_CACHE.replaceable : FILE_CACHE.versioned,
    headers: canonical ? { link: `<${absoluteUrl(journal, canonical)}>; rel="canonical"` } : {},
  });
  if (!res) return notFound(c.env, c.req.raw);
  // Count a PDF download once per reader fetch (not per later byte range, not for bots), after
  // the response is on its way.
  const first = res.status === 200 || (res.status === 206 && /^bytes 0-/.test(res.headers.get("content-range") ?? ""));
  if (articleId && c.req.method === "GET" && first && !isBot(c.req.header("user-agent"))) {
    c.executionCtx.waitUntil(recordReaderEvent(getDb(c.env.DB), journal.id, articleId, "downloads").catch(() => {}));
  }
  return res;
}

/**
 * `/journals/logos/{journalId}/{file}`: the logo of a journal on the publisher's list, served on
 * every journal's host (the list page may only load images from its own origin). Only the
 * current logo of an enabled, listed journal; object names change with every upload, and a
 * removed or unlisted one leaves shared caches within minutes.
 */
export async function serveListedLogo(c: Context<HonoEnv>): Promise<Response> {
  const id = Number(c.req.param("id"));
  const file = c.req.param("file") ?? "";
  if (!Number.isSafeInteger(id) || id <= 0) return notFound(c.env, c.req.raw);
  const logo = await listedJournalLogo(getDb(c.env.DB), id);
  if (!logo || logo !== file) return notFound(c.env, c.req.raw);
  const res = await serveStoredFile(c.env.FILES, c.req.raw, { key: journalLogoKey(id, logo), fileName: logo, cacheControl: FILE_CACHE.versioned });
  return res ?? notFound(c.env, c.req.raw);
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
