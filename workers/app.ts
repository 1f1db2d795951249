import { Hono, type Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { appContext } from "../app/context";
import { getDb } from "../app/db/client.server";
import { purgeTrash } from "../app/models/article-corrections.server";
import { hostFromHeader } from "../app/lib/hosts";
import { requestD1, runWithD1Stats, serverTiming, type D1Stats } from "../app/http/d1-stats.server";
import { isCrossSiteWrite } from "../app/auth/cross-site";
import { secureTransport, SESSION_COOKIE } from "../app/auth/tokens.server";
import { absoluteUrl, articleAssetPath, parseIssueParams } from "../app/lib/urls";
import { escapeHtml } from "../app/lib/html";
import { CROSS_SITE_FORM } from "../app/schemas/messages";
import { boundRequest } from "../app/http/body";
import { badHost, isApiPath, plainPage, tooLarge } from "../app/http/refusals";
import { internalErrorJson, logError, REQUEST_ID_HEADER, requestIdOf } from "../app/http/trace";
import { BUILD_ID } from "../app/http/build";
import { apiApp } from "./api";
import { useFontAssets } from "../app/documents/font-files.server";
import { certificateFile } from "./api/pdf";
import { assetsApp, serveFile, serveListedLogo } from "./assets";
import { authApp } from "./api/auth";
import { edgeCache } from "./cache";
import { journalCacheMs, journalForHost } from "./journal-cache";
import { discoveryApp } from "./discovery";
import { serveJats } from "./jats";
import { oaiApp } from "./oai";
import type { HonoEnv } from "./types";

const requestHandler = createRequestHandler(serverBuild, import.meta.env.MODE);

export const app = new Hono<HonoEnv>({ strict: false });

/** Sets a header on the response, copying it first when its headers are immutable (a binding's). */
function setResponseHeader(c: Context<HonoEnv>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

// Every response carries the request's id (edge-cache hits, redirects and errors included), the
// key to its log lines (app/http/trace.ts).
app.use("*", async (c, next) => {
  const id = requestIdOf(c.req.raw);
  c.set("requestId", id);
  await next();
  setResponseHeader(c, REQUEST_ID_HEADER, id);
});

// Count D1 round trips per request and report them (with the time spent) in Server-Timing.
// Also note whether the request came over https (Secure cookies and HSTS follow it).
app.use("*", async (c, next) => {
  // The documents read their fonts from the static assets on first use (ADR 026).
  useFontAssets(c.env.ASSETS);
  const stats: D1Stats = { trips: 0, ms: 0 };
  const https = c.req.url.startsWith("https:");
  c.env = { ...c.env, DB: requestD1(c.env.DB), SECURE_TRANSPORT: https ? "1" : "" };
  await runWithD1Stats(stats, next);
  try {
    c.res.headers.append("server-timing", serverTiming(stats));
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append("server-timing", serverTiming(stats));
  }
});

// Baseline security headers on every response (HTML pages add their nonce-based CSP in
// app/entry.server.tsx; JSON and files get a deny-all policy unless they set their own).
app.use("*", async (c, next) => {
  await next();
  let res = c.res;
  try {
    res.headers.set("x-content-type-options", "nosniff");
  } catch {
    // Immutable headers (a response passed through from a binding): copy it.
    res = new Response(res.body, res);
    c.res = res;
    res.headers.set("x-content-type-options", "nosniff");
  }
  const h = res.headers;
  if (!h.has("referrer-policy")) h.set("referrer-policy", "strict-origin-when-cross-origin");
  if (!h.has("x-frame-options")) h.set("x-frame-options", "DENY");
  // Not on a 304: its headers replace those the browser stored with the page it keeps, and a
  // page keeps its own policy (the one naming the nonce in its scripts).
  if (res.status !== 304 && !h.has("content-security-policy") && !(h.get("content-type") ?? "").includes("text/html")) {
    h.set("content-security-policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
  // Per response, not per render: a page cached from an https request may be served over http.
  if (secureTransport(c.env)) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  else h.delete("strict-transport-security");
});

// For uptime monitors, on any host the Worker answers (before tenancy, so a journal's state or a
// missing journal cannot hide an outage): D1 and R2 are reached, and which build runs. Never
// cached; 503 when either store fails.
app.get("/health", async (c) => {
  const check = async (probe: () => Promise<unknown>) => {
    try {
      await probe();
      return "ok";
    } catch {
      return "unreachable";
    }
  };
  const [d1, r2] = await Promise.all([check(() => c.env.DB.prepare("select 1").first()), check(() => c.env.FILES.head("health/probe"))]);
  const ok = d1 === "ok" && r2 === "ok";
  return c.json(
    { status: ok ? "ok" : "failing", d1, r2, build: BUILD_ID || "dev", time: new Date().toISOString() },
    ok ? 200 : 503,
    { "cache-control": "no-store" },
  );
});

// Tenancy: every request belongs to the journal owning its Host. Unknown hosts get a 404 page
// that names the host — never a fallback to some other journal's data; a malformed Host gets a
// 400; a disabled journal a 503. Reads of pages, files, feeds and sitemaps on an alias are sent
// to the primary host; API calls and other methods are served where they arrive, so clients
// and forms keep working (docs/decisions/007-primary-host.md).
app.use("*", async (c, next) => {
  const path = c.req.path;
  const api = isApiPath(path);
  // In-process callers (tests, service bindings) may send no Host header: the URL's host stands in.
  const host = hostFromHeader(c.req.header("host") ?? new URL(c.req.url).host);
  if (!host) return badHost(path);
  const journal = await journalForHost(getDb(c.env.DB), host, journalCacheMs(c.env), c.env);
  if (!journal) {
    // API clients get the API's error shape; browsers get a page naming the host.
    if (api) return c.json({ error: "unknown_host", host }, 404, { "cache-control": "no-store" });
    return plainPage(404, "Journal not found", "No journal at this address", `There is no journal configured for the host <code>${escapeHtml(host)}</code>.</p><p>If you run this site, add the hostname to a journal with <code>npm run journal -- hosts</code>.`);
  }
  if (journal.status !== "enabled") {
    if (api) return c.json({ error: "journal_disabled" }, 503, { "cache-control": "no-store" });
    return plainPage(503, "Journal unavailable", `${escapeHtml(journal.settings.websitename || journal.name)} is not available`, "This journal is currently not available on this site. Please come back later.");
  }
  if (journal.requestHost !== journal.host && !api && (c.req.method === "GET" || c.req.method === "HEAD")) {
    const url = new URL(c.req.url);
    return new Response(null, {
      status: 301,
      headers: { location: absoluteUrl(journal, `${url.pathname}${url.search}`), "cache-control": "public, max-age=3600" },
    });
  }
  c.set("journal", journal);
  c.set("nonce", crypto.randomUUID().replace(/-/g, ""));
  c.set("state", { staffUserId: null });
  await next();
  // A staff session in use renews its token (app/auth/session.server.ts); a response that
  // sets the session cookie itself (sign-in, sign-out, password change) wins.
  const renewed = c.get("state").renewedSessionCookie;
  if (renewed && !(c.res.headers.get("set-cookie") ?? "").includes(`${SESSION_COOKIE}=`)) {
    try {
      c.res.headers.append("set-cookie", renewed);
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.append("set-cookie", renewed);
    }
  }
});

// Every body is bounded before anything reads it, so no request can exhaust the Worker's memory (caps per route in
// app/http/body.ts): a declared length over the cap is answered 413 unread; a chunked or
// lying body is cut off at the first byte past the cap and answered 413 whatever the route
// made of it. Forms with files answer with their own message (readForm).
app.use("*", async (c, next) => {
  const bounded = boundRequest(c.req.raw);
  c.req.raw = bounded.request;
  if (bounded.over && bounded.rule.answer !== "form") return tooLarge(bounded.rule, c.req.path);
  await next();
  if (!bounded.over && bounded.rule && bounded.tripped() && c.res.status !== 413) c.res = tooLarge(bounded.rule, c.req.path);
});

// Cross-site form posts to the admin are refused here, with a 403, before any route runs — the
// only place the admin pages check it (sign-in and sign-out included): the session cookie is
// SameSite=Lax, and this also covers browsers and paths that rule misses.
app.on(["POST", "PUT", "PATCH", "DELETE"], "/admin/*", async (c, next) => {
  if (isCrossSiteWrite(c.req.raw)) return c.text(CROSS_SITE_FORM, 403, { "cache-control": "no-store" });
  await next();
});

app.use("*", edgeCache);

app.route("/auth", authApp);
app.route("/api", apiApp);
app.route("/assets", assetsApp);
// The PDF beside its abstract page (same folder, as Google Scholar prefers).
app.on(["GET", "HEAD"], "/archives/:year/:volume/:issue/:file", async (c, next) => {
  const m = /^(\d{1,20})\.pdf$/.exec(c.req.param("file"));
  const ref = parseIssueParams(c.req.param(), { plain: true });
  if (!m || !ref) return next();
  return serveFile(c, articleAssetPath(ref.year, ref.volume, ref.issue, `${m[1]}.pdf`));
});
// An article's JATS 1.3 front matter beside its page and PDF, where harvesters look for it.
app.on(["GET", "HEAD"], "/archives/:year/:volume/:issue/:file", serveJats);
app.on(["GET", "HEAD"], "/journals/logos/:id/:file", serveListedLogo);
// One author's certificate under a name distinct per author (the certificate page's buttons).
app.on(["GET", "HEAD"], "/pdf/:refnumber/:file", certificateFile);
app.route("/oai", oaiApp);
// Anything else under /api or /auth is a JSON 404, not a page.
app.all("/api/*", (c) => c.json({ error: "not_found" }, 404));
app.all("/auth/*", (c) => c.json({ error: "not_found" }, 404));
app.route("/", discoveryApp);

// Everything else is a page: React Router renders it on the server. `all`, not `get`, so
// form POSTs reach route actions.
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: c.env,
    ctx: c.executionCtx as ExecutionContext,
    journal: c.get("journal"),
    nonce: c.get("nonce"),
    requestId: c.get("requestId"),
    state: c.get("state"),
    // React Router's rule: a path ending in .data asks for loader data, anything else for a page.
    staticHtml: c.req.path.endsWith(".data") ? null : new Map(),
  });
  return requestHandler(c.req.raw, context);
});

// Anything thrown and not answered by a route: one log line, and an answer that names the
// request id — JSON for the API (README: errors are JSON), the spec's error page otherwise.
app.onError((error, c) => {
  const requestId = c.get("requestId") ?? requestIdOf(c.req.raw);
  const path = new URL(c.req.url).pathname;
  logError({
    requestId,
    route: c.req.routePath || path,
    method: c.req.method,
    path,
    journal: (c.get("journal") as { slug: string } | undefined)?.slug ?? null,
    status: 500,
    error,
  });
  if (isApiPath(path)) return internalErrorJson(requestId);
  return plainPage(
    500,
    "Unexpected error",
    "Oops! Sorry, an unexpected error has occurred.",
    `<i>Internal Server Error</i></p><p>If it happens again, please tell the journal and quote request ID <code>${escapeHtml(requestId)}</code>.`,
  );
});

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // The Cron Trigger of wrangler.toml: articles trashed more than 30 days ago are deleted for
  // good, PDF first (docs/decisions/021-trash-and-issue-corrections.md). Locally: npm run purge-trash.
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(
      purgeTrash(env, getDb(env.DB)).then(
        ({ purged }) => console.log(`purge-trash: ${purged.length} article(s) deleted for good`),
        (error) => console.error("purge-trash failed", error),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
