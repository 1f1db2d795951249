import { createMiddleware } from "hono/factory";
import { getDb } from "../app/db/client.server";
import { bumpJournalVersion } from "../app/models/journals.server";
import type { HonoEnv } from "./types";

/**
 * Edge cache for public GETs (Workers Cache API). The key is host + journal version + URL, so
 * a staff write (any successful POST under /api, /admin — which bumps the version) makes every
 * cached page of that journal stale at once, and one journal can never be served another's
 * page. HTML from the cache gets a fresh CSP nonce per response.
 */

const CACHEABLE = [
  /^\/$/,
  /^\/(archives|board|indexing|instructions|contact|privacy-policy|terms-and-conditions|search|pdf|authors|verify)(\/|$)/,
  /^\/api\/(archives|indexing|search|certificate|cite)(\/|$)/,
  /^\/api\/pdf\/(certificate|coverpage|editorialboard)(\/|$)/,
  /^\/(sitemap\.xml|robots\.txt|feed\.xml)$/,
  /^\/(sitemaps|feeds)\//,
];

/** How long the edge keeps an entry; versions make it safe to keep them long. */
const EDGE_TTL_SECONDS = 24 * 3600;

export function isCacheable(request: Request, path: string): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("authorization")) return false;
  return CACHEABLE.some((re) => re.test(path));
}

/** Set by Vite: a fresh id per production build, "" under the dev server (no edge cache). */
declare const __BUILD_ID__: string;

function cacheKey(url: URL, host: string, journalId: number, version: number): Request {
  return new Request(`https://${host}/__edge/${__BUILD_ID__}/j${journalId}/v${version}${url.pathname}${url.search}`);
}

/** Replaces the per-request CSP nonce in a cached HTML page with this request's own. */
function renonce(res: Response, nonce: string): Response {
  if (!(res.headers.get("content-type") ?? "").includes("text/html")) return res;
  const headers = new Headers(res.headers);
  const csp = res.headers.get("content-security-policy");
  if (csp) headers.set("content-security-policy", csp.replace(/'nonce-[A-Za-z0-9+/=_-]+'/, `'nonce-${nonce}'`));
  const rewritten = new HTMLRewriter()
    .on("[nonce]", {
      element(el) {
        // Only elements that carried the old nonce: an empty nonce (stylesheet links) stays
        // empty, or the client's hydration would see a value its own render lacks.
        if (el.getAttribute("nonce")) el.setAttribute("nonce", nonce);
      },
    })
    .transform(new Response(res.body, { status: res.status, headers }));
  return rewritten;
}

export const edgeCache = createMiddleware<HonoEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const journal = c.get("journal");

  if (!__BUILD_ID__ || !isCacheable(c.req.raw, url.pathname)) {
    await next();
    // A successful staff write invalidates this journal's cached pages.
    const write = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    if (write && c.res.status < 400 && /^\/(api|admin)(\/|$)/.test(url.pathname) && !/^\/api\/pdf\//.test(url.pathname)) {
      await bumpJournalVersion(getDb(c.env.DB), journal.id);
    }
    return;
  }

  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKey(url, journal.host, journal.id, journal.version);
  const hit = await cache.match(key);
  if (hit) {
    const res = renonce(hit, c.get("nonce"));
    const out = new Response(res.body, res);
    out.headers.set("cache-control", out.headers.get("x-browser-cache-control") ?? "public, max-age=0, must-revalidate");
    out.headers.delete("x-browser-cache-control");
    out.headers.set("x-edge-cache", "HIT");
    return out;
  }

  await next();
  const res = c.res;
  if (res.status !== 200 || res.headers.has("set-cookie") || /no-store|private/.test(res.headers.get("cache-control") ?? "")) {
    return;
  }
  const out = new Response(res.body, res);
  // Browsers revalidate pages; only the edge keeps them (the version in the key keeps it right).
  if (!out.headers.has("cache-control") || (out.headers.get("content-type") ?? "").includes("text/html")) {
    out.headers.set("cache-control", "public, max-age=0, must-revalidate");
  }
  const stored = out.clone();
  const headers = new Headers(stored.headers);
  headers.set("x-browser-cache-control", out.headers.get("cache-control")!);
  headers.set("cache-control", `public, max-age=${EDGE_TTL_SECONDS}`);
  headers.delete("server-timing");
  c.executionCtx.waitUntil(cache.put(key, new Response(stored.body, { status: 200, headers })).catch(() => {}));
  out.headers.set("x-edge-cache", "MISS");
  c.res = out;
});
