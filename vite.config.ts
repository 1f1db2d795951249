import { cloudflare } from "@cloudflare/vite-plugin";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { localGuard } from "./scripts/lib/local-guard.ts";
import { renderHotPaths } from "./scripts/lib/render-hot-paths.ts";
import { prepareFonts } from "./scripts/fonts/prepare.mjs";

/** The port this server listens on: `--port` (the test harness, the bench) or PORT, else 5173. */
function serverPort(): number {
  const i = process.argv.indexOf("--port");
  return Number(i !== -1 ? process.argv[i + 1] : process.env.PORT) || 5173;
}

/**
 * Absolute URLs name the journal's primary host with the deployment's scheme and port
 * (app/lib/urls.ts): https and no port in production, where these variables are unset. A local
 * server is http on its own port. The dev server takes them as config vars; `vite preview`
 * reads the built Worker's config and `.dev.vars` instead, so they are written there.
 */
function localUrlVars(): Record<string, string> {
  return { PUBLIC_SCHEME: "http", PUBLIC_PORT: String(serverPort()) };
}

function writePreviewVars(): void {
  const file = "build/server/.dev.vars";
  const kept = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line && !/^PUBLIC_(SCHEME|PORT)=/.test(line))
    : [];
  const vars = Object.entries(localUrlVars()).map(([k, v]) => `${k}=${v}`);
  writeFileSync(file, [...kept, ...vars, ""].join("\n"));
}

/**
 * The Worker's bundle keeps only what it runs (docs/decisions/030-worker-startup.md):
 * - `react-dom/server` for workerd is a file that loads two renderers, the streaming one and the
 *   legacy string renderer (renderToString), whose only user would be code we do not have; the
 *   Worker imports the streaming renderer's file alone.
 * - DOMPurify needs a DOM, which workerd has not (its `sanitize` is missing there), so server
 *   rendering of the admin's editor already runs the shared sanitiser only: the Worker gets a
 *   stand-in that says so (`isSupported: false`) instead of 60 KB it cannot use.
 * Production builds only: the dev server and the workerd tests use the packages as published.
 */
function workerOnlyWhatRuns(): Plugin {
  const require = createRequire(import.meta.url);
  const STANDIN = "\0dompurify-unsupported";
  return {
    name: "journal:worker-only-what-runs",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    enforce: "pre",
    resolveId(id) {
      // The package's exports name no single renderer: found beside its package.json.
      if (id === "react-dom/server") return path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.edge.production.js");
      if (id === "dompurify") return STANDIN;
      return null;
    },
    load(id) {
      return id === STANDIN ? "export default { isSupported: false };\n" : null;
    },
  };
}

/**
 * The modules every reader page runs — the root, the public layout, what they import, and what
 * three or more reader pages share (breadcrumbs, the error boundary, the issue label…) — in one
 * chunk with React Router ("site"), instead of a dozen chunks of a few hundred bytes that each
 * cost a modulepreload link, a manifest entry and an import statement on every page. What one
 * or two pages use, and the staff pages' code, stay in their own chunks.
 */
function readerShell(id: string, ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null }): string | null {
  if (!/[\\/]app[\\/]/.test(id) || /[\\/]app[\\/]routes[\\/]/.test(id)) return null;
  const pages = new Set<string>();
  const seen = new Set<string>();
  const climb = (m: string): boolean => {
    if (seen.has(m)) return false;
    seen.add(m);
    if (/[\\/]app[\\/](?:root\.tsx|routes[\\/]public[\\/]layout\.tsx)$/.test(m)) return true;
    if (/[\\/]app[\\/]routes[\\/]public[\\/]/.test(m)) pages.add(m);
    if (/[\\/]app[\\/]routes[\\/]/.test(m)) return false;
    return ctx.getModuleInfo(m)?.importers.some(climb) ?? false;
  };
  return climb(id) || pages.size >= 3 ? "site" : null;
}

export default defineConfig(async ({ command, isPreview }): Promise<UserConfig> => {
  // The documents' and pages' fonts are static assets made from npm packages (public/fonts/,
  // ADR 026): laid out before the dev server or the build starts (a preview serves the build's copy).
  if (isPreview) writePreviewVars();
  else prepareFonts();
  return {
    define: {
      // Part of every edge-cache key (workers/cache.ts): a deploy never serves pages rendered by
      // the previous build (they name its hashed scripts). Empty under the dev server, which
      // turns the edge cache off there, so a code change shows on the next reload.
      __BUILD_ID__: JSON.stringify(command === "build" ? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` : ""),
    },
    // Tenancy is by Host header, so the local servers must accept any host (journal-b.localhost,
    // a test's made-up host, an unknown one that should get the 404 page).
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: readerShell }],
              },
            },
          },
        },
      },
    },
    server: { port: serverPort(), strictPort: true, allowedHosts: true },
    preview: { port: serverPort(), strictPort: true, allowedHosts: true },
    plugins: [
      // Before the Worker's plugin: malformed Hosts and oversized bodies are answered as the
      // Worker answers them, not by Node with a stack trace (scripts/lib/local-guard.ts).
      localGuard(),
      cloudflare({
        viteEnvironment: { name: "ssr" },
        // Browser tests and benchmarks run against their own throw-away local D1/R2.
        persistState: process.env.JOURNAL_STATE_DIR ? { path: process.env.JOURNAL_STATE_DIR } : true,
        // The dev server only: a build must not carry local addresses into production.
        config: command === "serve" && !isPreview ? (c) => ({ vars: { ...c.vars, ...localUrlVars() } }) : undefined,
      }),
      // The rest build the app. `vite preview` serves the finished build through the Worker's
      // plugin alone (it finds the build by .wrangler/deploy/config.json), so it does not load
      // React Router's build tooling: a preview started in 2.5 s of CPU instead of 3.5 s, and the
      // browser tests start about thirty.
      ...(isPreview
        ? []
        : [
            (await import("@react-router/dev/vite")).reactRouter(),
            workerOnlyWhatRuns(),
            // Two measured hot spots in React's and React Router's server code (docs/decisions/037).
            renderHotPaths(),
          ]),
    ],
  };
});
