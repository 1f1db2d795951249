import { createMiddleware } from "hono/factory";
import { getDb } from "../app/db/client.server";
import { bumpJournalVersion } from "../app/models/journals.server";
import { ARTICLE_VIEW_HEADER, recordCachedView } from "../app/models/reader-stats.server";
import { BUILD_ID, DEV_SERVER } from "../app/http/build";
import { pageKey } from "../app/http/page-key";
import { ifNoneMatch } from "./etag";
import { forgetJournal } from "./journal-cache";
import type { HonoEnv } from "./types";

/**
 * Edge cache for public GETs (Workers Cache API). The key is host + journal version + URL, so
 * a staff write (any successful POST under /api, /admin — which bumps the version) makes every
 * cached page of that journal stale at once, and one journal can never be served another's
 * page. HTML from the cache gets a fresh CSP nonce per response.
 */

const CACHEABLE = [
  /^\/$/,
  // The publisher's journal list: every journal's name and logo, so kept briefly (JOURNALS_TTL_SECONDS).
  /^\/journals\/?$/,
  /^\/(archives|board|indexing|instructions|contact|privacy-policy|terms-and-conditions|search|pdf|authors|verify)(\/|$)/,
  /^\/api\/(archives|indexing|search|certificate|cite)(\/|$)/,
  /^\/api\/pdf\/(certificate|coverpage|editorialboard)(\/|$)/,
  /^\/(sitemap\.xml|robots\.txt|feed\.xml)$/,
  /^\/(sitemaps|feeds)\//,
  /^\/og\/\d+\.png$/,
];

/** Generated certificates under their per-author file name: cached like /api/pdf/certificate. */
const CERTIFICATE_FILE = /^\/pdf\/[A-Za-z0-9]+\/certificate-[A-Za-z0-9]+-\d+\.pdf$/;

/** How long the edge keeps an entry; versions make it safe to keep them long. */
const EDGE_TTL_SECONDS = 24 * 3600;

/**
 * Article pages show reader counts, so the edge keeps them for minutes, not a day: the counts a
 * reader sees are at most this old. (An article page is known by the view mark its route sets.)
 */
const ARTICLE_TTL_SECONDS = 300;

/**
 * The publisher's journal list shows every journal of the deployment, but a staff write bumps
 * only its own journal's version: another journal's rename reaches this copy within this time.
 */
const JOURNALS_TTL_SECONDS = 300;

function isCacheable(request: Request, path: string): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("authorization")) return false;
  return isPublicPath(path);
}

/** A public page, document or answer (cacheable when the request carries no credentials). */
function isPublicPath(path: string): boolean {
  // A generated certificate (no Range, no download count) is kept like its /api/pdf twin.
  if (CERTIFICATE_FILE.test(path)) return true;
  // PDFs come from R2 with Range and conditional requests (PDF viewers rely on both) and count
  // downloads; a cached copy would answer every request with the whole file.
  if (/\.pdf$/i.test(path)) return false;
  return CACHEABLE.some((re) => re.test(path));
}

/** The entry of a page: its journal, version and build, and what of the URL can change it (pageKey). */
function cacheKey(url: URL, host: string, journalId: number, version: number): string {
  // Nothing rendered depends on the request's scheme, port or host spelling (absolute URLs are
  // built from the journal's primary host, app/lib/urls.ts), so none of them is in the key.
  return `https://${host}/__edge/${BUILD_ID}/j${journalId}/v${version}${pageKey(url)}`;
}

/** A rendered page a browser may keep: 200, HTML, no cookie set, not private. */
function isPublicPage(res: Response): boolean {
  return (
    res.status === 200 &&
    (res.headers.get("content-type") ?? "").includes("text/html") &&
    !res.headers.has("set-cookie") &&
    !/no-store|private/.test(res.headers.get("cache-control") ?? "")
  );
}

/** 304 for a browser that already has this ETag (the page's own headers that matter, none of its body). */
function notModified(etag: string, cacheControl: string, edge: "HIT" | "MISS" | null): Response {
  const headers = new Headers({ etag, "cache-control": cacheControl });
  if (edge) headers.set("x-edge-cache", edge);
  return new Response(null, { status: 304, headers });
}

/**
 * Replaces the per-request CSP nonce in a cached HTML page with this request's own. The stored
 * copy's nonce is the one its CSP header names; nonces are all one length (32 hex digits, too
 * random to occur elsewhere), so each occurrence — the `nonce` attributes of scripts and module
 * preloads; the empty ones of stylesheets stay empty — is overwritten in place, with no HTML
 * parse. (A page whose nonce cannot be read from its header goes through HTMLRewriter.)
 */
async function renonce(res: Response, nonce: string): Promise<Response> {
  if (!(res.headers.get("content-type") ?? "").includes("text/html")) return res;
  const headers = new Headers(res.headers);
  const csp = res.headers.get("content-security-policy");
  const old = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp ?? "")?.[1];
  if (csp) headers.set("content-security-policy", csp.replace(/'nonce-[A-Za-z0-9+/=_-]+'/, `'nonce-${nonce}'`));
  if (old && old.length === nonce.length && /^[\x21-\x7e]+$/.test(nonce)) {
    const bytes = new Uint8Array(await res.arrayBuffer());
    replaceNonce(bytes, old, nonce);
    return new Response(bytes, { status: res.status, headers });
  }
  return new HTMLRewriter()
    .on("[nonce]", {
      element(el) {
        // Only elements that carried the old nonce: an empty nonce (stylesheet links) stays
        // empty, or the client's hydration would see a value its own render lacks.
        if (el.getAttribute("nonce")) el.setAttribute("nonce", nonce);
      },
    })
    .transform(new Response(res.body, { status: res.status, headers }));
}

/**
 * Overwrites every occurrence of the ASCII string `from` in `bytes` with `to` (the same length).
 * Found by the engine's string search over a one-byte-per-character reading of the bytes
 * (windows-1252), whose offsets are the bytes' own.
 */
function replaceNonce(bytes: Uint8Array, from: string, to: string): void {
  for (const at of offsetsOf(bytes, from)) for (let k = 0; k < to.length; k++) bytes[at + k] = to.charCodeAt(k);
}

/** Where the ASCII string `text` occurs in `bytes`, without overlaps. */
function offsetsOf(bytes: Uint8Array, text: string): number[] {
  const decoded = new TextDecoder("windows-1252").decode(bytes);
  const out: number[] = [];
  for (let at = decoded.indexOf(text); at !== -1; at = decoded.indexOf(text, at + text.length)) out.push(at);
  return out;
}

/**
 * Pages this isolate served lately, kept in front of the Cache API, which is a round trip per
 * request: a popular page is answered from memory with no lookup. Same key as the edge (the
 * journal's version in it, so a staff write is seen at once here and within the journal
 * cache's time elsewhere), HTML only, at most a minute (or the edge's own time, if shorter) and
 * 8 MB per isolate, least recently used first out.
 */
const KEPT_BYTES = 8 * 1024 * 1024;
const KEPT_ENTRY_MAX = 256 * 1024;
const KEPT_MS = 60_000;
interface Kept {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  until: number;
  /** The stored nonce and where it stands in the body: a recalled copy gets its own by overwriting those bytes. */
  nonce: string;
  nonceAt: number[];
}
const kept = new Map<string, Kept>();
let keptBytes = 0;

function forget(key: string): void {
  const e = kept.get(key);
  if (!e) return;
  keptBytes -= e.body.length;
  kept.delete(key);
}

function keep(key: string, res: { status: number; headers: Headers }, body: Uint8Array, ms: number): void {
  if (body.length > KEPT_ENTRY_MAX || !(res.headers.get("content-type") ?? "").includes("text/html")) return;
  const nonce = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  if (!nonce) return;
  forget(key);
  while (kept.size && keptBytes + body.length > KEPT_BYTES) forget(kept.keys().next().value!);
  kept.set(key, { status: res.status, headers: [...res.headers], body, until: Date.now() + Math.min(ms, KEPT_MS), nonce, nonceAt: offsetsOf(body, nonce) });
  keptBytes += body.length;
}

/** The kept copy of a page with this request's nonce written in (body and CSP), or null. */
function recall(key: string, nonce: string): Response | null {
  const e = kept.get(key);
  if (!e) return null;
  if (e.until <= Date.now() || nonce.length !== e.nonce.length || !/^[\x21-\x7e]+$/.test(nonce)) {
    forget(key);
    return null;
  }
  kept.delete(key);
  kept.set(key, e);
  const body = e.body.slice();
  for (const at of e.nonceAt) for (let k = 0; k < nonce.length; k++) body[at + k] = nonce.charCodeAt(k);
  const headers = new Headers(e.headers);
  headers.set("content-security-policy", (headers.get("content-security-policy") ?? "").replace(`'nonce-${e.nonce}'`, `'nonce-${nonce}'`));
  return new Response(body, { status: e.status, headers });
}

export const edgeCache = createMiddleware<HonoEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const journal = c.get("journal");

  if (DEV_SERVER || !isCacheable(c.req.raw, url.pathname)) {
    await next();
    // A public page asked for with credentials (or under the dev server) is rendered every
    // time, and still answers conditional requests (its ETag: app/http/page-etag.server.ts).
    const etag = c.res.headers.get("etag");
    if (c.req.method === "GET" && isPublicPath(url.pathname) && isPublicPage(c.res) && etag) {
      if (ifNoneMatch(c.req.header("if-none-match"), etag)) {
        await c.res.body?.cancel();
        c.res = notModified(etag, c.res.headers.get("cache-control") ?? "no-cache", null);
        return;
      }
    }
    // The article page's view mark is for the edge's copies only (its loader counted this view).
    if (c.res.headers.has(ARTICLE_VIEW_HEADER)) {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.delete(ARTICLE_VIEW_HEADER);
    }
    // A successful staff write invalidates this journal's cached pages.
    // Only a write by signed-in staff (a session verified during this request) that did not
    // fail counts: an anonymous POST that is answered with a redirect to the login page must
    // not let anyone flush a journal's cache (and cost a D1 write) at will.
    const write = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    if (
      write &&
      c.get("state").staffUserId !== null &&
      c.res.status < 400 &&
      /^\/(api|admin)(\/|$)/.test(url.pathname) &&
      // Document and metadata downloads are reads, whatever their method.
      !/^\/api\/(pdf|export)\//.test(url.pathname)
    ) {
      await bumpJournalVersion(getDb(c.env.DB), journal.id);
      forgetJournal(journal.id);
    }
    return;
  }

  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKey(url, journal.host, journal.id, journal.version);
  // From memory: the page with this request's nonce already in it (renonce has nothing to do).
  const recalled = recall(key, c.get("nonce"));
  let hit = recalled;
  if (!hit) {
    hit = (await cache.match(key)) ?? null;
    if (hit && (hit.headers.get("content-type") ?? "").includes("text/html")) {
      // Kept for the next requests of this isolate: the stored bytes, old nonce and all.
      const bytes = new Uint8Array(await hit.arrayBuffer());
      keep(key, hit, bytes.slice(), KEPT_MS);
      hit = new Response(bytes, hit);
    }
  }
  if (hit) {
    // A copy of an article page: its loader does not run, so a reader's view is counted here,
    // after the answer (the rule and the write: app/models/reader-stats.server.ts).
    const view = hit.headers.get(ARTICLE_VIEW_HEADER);
    // A browser revalidating what it already has (pages carry a weak ETag, public PDFs a
    // strong one): 304.
    const etag = hit.headers.get("etag");
    if (etag && ifNoneMatch(c.req.header("if-none-match"), etag)) {
      await hit.body?.cancel();
      return notModified(etag, hit.headers.get("x-browser-cache-control") ?? "public, max-age=0, must-revalidate", "HIT");
    }
    if (view) c.executionCtx.waitUntil(recordCachedView(getDb(c.env.DB), journal.id, c.req.raw, view).catch(() => {}));
    // A recalled page is a response of our own, its headers ours to finish in place; one from the
    // Cache API has the platform's (immutable) headers, so it is copied.
    const res = recalled ?? (await renonce(hit, c.get("nonce")));
    const out = recalled ?? new Response(res.body, res);
    out.headers.delete(ARTICLE_VIEW_HEADER);
    out.headers.set("cache-control", out.headers.get("x-browser-cache-control") ?? "public, max-age=0, must-revalidate");
    out.headers.delete("x-browser-cache-control");
    out.headers.set("x-edge-cache", "HIT");
    return out;
  }

  await next();
  const res = c.res;
  if (res.status !== 200 || res.headers.has("set-cookie") || /no-store|private/.test(res.headers.get("cache-control") ?? "")) {
    if (res.headers.has(ARTICLE_VIEW_HEADER)) {
      c.res = new Response(res.body, res);
      c.res.headers.delete(ARTICLE_VIEW_HEADER);
    }
    return;
  }
  const page = isPublicPage(res);
  const out = new Response(res.body, res);
  // Browsers revalidate pages; only the edge keeps them (the version in the key keeps it right).
  if (!out.headers.has("cache-control") || page) {
    out.headers.set("cache-control", "public, max-age=0, must-revalidate");
  }
  const stored = out.clone();
  const headers = new Headers(stored.headers);
  headers.set("x-browser-cache-control", out.headers.get("cache-control")!);
  const ttl = headers.has(ARTICLE_VIEW_HEADER) ? ARTICLE_TTL_SECONDS : /^\/journals\/?$/.test(url.pathname) ? JOURNALS_TTL_SECONDS : EDGE_TTL_SECONDS;
  headers.set("cache-control", `public, max-age=${ttl}`);
  headers.delete("server-timing");
  const entry = new Response(stored.body, { status: 200, headers });
  if (page) {
    const copy = entry.clone();
    c.executionCtx.waitUntil(copy.arrayBuffer().then((b) => keep(key, copy, new Uint8Array(b), ttl * 1000), () => {}));
  }
  c.executionCtx.waitUntil(cache.put(key, entry).catch(() => {}));
  const etag = out.headers.get("etag");
  if (page && etag && ifNoneMatch(c.req.header("if-none-match"), etag)) {
    // Rendered (and now stored) all the same; the browser's copy is this page.
    await out.body?.cancel();
    c.res = notModified(etag, out.headers.get("cache-control")!, "MISS");
    return;
  }
  out.headers.set("x-edge-cache", "MISS");
  c.res = out;
  // After the assignment: Hono's c.res setter copies the previous response's headers over.
  c.res.headers.delete(ARTICLE_VIEW_HEADER);
});
