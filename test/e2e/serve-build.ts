/**
 * The browser tests' server: the production build (build/server, build/client) run by miniflare
 * in workerd, with workerd itself listening on the port, over one state folder's D1 and R2, started
 * by the test file itself (test/e2e/harness.ts), which writes its data through the same
 * Worker's bindings: one workerd and no extra Node process per server. The Worker gets
 * what `vite preview` gives it (the same options, read from the build's own wrangler.json and
 * .dev.vars the way wrangler reads them: test/e2e/local-servers.test.ts compares the two), but no
 * Node server stands between the browser and workerd: `vite preview` cost every one of the thirty
 * servers a run starts 1.6–3 s of CPU to start and about 4 ms to pass on each request
 * (docs/decisions/040-suite-cpu.md). `vite preview` stays what people run by hand and what
 * the benchmarks serve, and local-servers.test.ts keeps testing its front door.
 */
import { globSync, readFileSync } from "node:fs";
import { createRequire, enableCompileCache } from "node:module";
import path from "node:path";
import type { LocalEnv } from "../../scripts/lib/local.ts";

const root = path.resolve(import.meta.dirname, "../..");
const serverDir = path.join(root, "build", "server");

interface BuiltConfig {
  main: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  rules?: { type: string; globs: string[] }[];
  vars?: Record<string, string>;
  assets?: { directory: string; binding?: string };
  triggers?: { crons?: string[] };
  d1_databases?: { binding: string; database_id: string }[];
  r2_buckets?: { binding: string; bucket_name: string }[];
}

/** `KEY=value` lines, as wrangler reads a .dev.vars file (quotes around a value dropped). */
export function readDevVars(file: string): Record<string, string> {
  const vars: Record<string, string> = {};
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return vars;
  }
  for (const line of text.split("\n")) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) vars[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/**
 * The options `vite preview` gives miniflare for this build (wrangler's
 * unstable_getMiniflareWorkerOptions over build/server/wrangler.json and build/server/.dev.vars),
 * with the local URL variables of a server on `port`.
 */
export function buildWorkerOptions(stateDir: string, port: number) {
  const c = JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")) as BuiltConfig;
  const flags = c.compatibility_flags ?? [];
  return {
    // The entry first, then every file the build's module rules take, as the plugin lists them.
    rootPath: serverDir,
    modules: [
      { type: "ESModule", path: c.main },
      ...(c.rules ?? [{ type: "ESModule", globs: ["**/*.js", "**/*.mjs"] }]).flatMap((r) =>
        globSync(r.globs, { cwd: serverDir, exclude: [c.main] }).map((p) => ({ type: r.type, path: p })),
      ),
    ],
    compatibilityDate: c.compatibility_date,
    compatibilityFlags: flags,
    bindings: { ...c.vars, ...readDevVars(path.join(serverDir, ".dev.vars")), PUBLIC_SCHEME: "http", PUBLIC_PORT: String(port) },
    d1Databases: Object.fromEntries((c.d1_databases ?? []).map((d) => [d.binding, d.database_id])),
    r2Buckets: Object.fromEntries((c.r2_buckets ?? []).map((r) => [r.binding, r.bucket_name])),
    assets: c.assets && {
      directory: path.resolve(serverDir, c.assets.directory),
      binding: c.assets.binding,
      routerConfig: { has_user_worker: true },
      assetConfig: { compatibility_date: c.compatibility_date, compatibility_flags: flags },
    },
    cronTriggers: c.triggers?.crons ?? [],
    resourcePersistencePath: path.resolve(stateDir, "v3"),
  };
}

/** The production build served by workerd on `port` over `stateDir`, and its bindings. */
export interface BuildServer {
  /** The Worker's own D1 and R2 (and the rest of its env), for writes before or while it serves. */
  env: LocalEnv;
  dispose(): Promise<void>;
}

/**
 * Starts workerd (through miniflare, in this process) serving the build on 127.0.0.1:`port`; it
 * answers once this resolves. Writes through `env` go to the very D1 and R2 the Worker reads.
 */
export async function serveBuild(stateDir: string, port: number): Promise<BuildServer> {
  enableCompileCache?.(new URL("../../node_modules/.cache/node-compile", import.meta.url).pathname);
  // Required, not imported: one large CommonJS bundle (see scripts/lib/local.ts).
  const { Miniflare, convertV4MiniflareOptions } = createRequire(import.meta.url)("miniflare") as typeof import("miniflare");
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...buildWorkerOptions(stateDir, port),
      host: "127.0.0.1",
      port,
      unsafeTriggerHandlers: true,
      // The Worker's own log lines (including the errors tests provoke on purpose) stay out of the
      // test report, as they did when the server was a process of its own.
      handleStructuredLogs: () => {},
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  try {
    await mf.ready;
    return { env: await mf.getBindings<LocalEnv>(), dispose: () => mf.dispose() };
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }
}
