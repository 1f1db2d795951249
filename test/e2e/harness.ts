/**
 * Browser-test harness: a throw-away local D1/R2, the production build served by workerd
 * (test/e2e/serve-build.ts; CSP enforced) and Debian's Chromium through playwright-core.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Download, type Page } from "playwright-core";
import { insertJournal, openLocal, upsertAdmin, type LocalEnv } from "../../scripts/lib/local.ts";
import { childEnv, freePort } from "../../scripts/lib/run.mjs";
import { CHROMIUM, playwrightChromiumArgs } from "../../scripts/lib/chromium.mjs";
import { readDevVars, serveBuild, type BuildServer } from "./serve-build.ts";
import { demoState, migratedState } from "./states.ts";

const root = path.resolve(import.meta.dirname, "../..");
const env = childEnv();

export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
}

export interface DemoJournalSpec {
  slug: string;
  name: string;
  hosts: string[];
  settings?: Record<string, string | boolean>;
  admin?: { username: string; password: string; name?: string; status?: "enabled" | "disabled" };
}

export interface App {
  port: number;
  /** Process id under which the server's workerd runs: this test process, or `vite preview`'s. */
  pid: number;
  stateDir: string;
  url(host: string, path?: string): string;
  stop(): Promise<void>;
}

/**
 * Prepares a fresh state folder (a copy of the migrated one, the given journals created), then serves
 * the production build from it. Data is written through the served Worker's own bindings before
 * the first request, so no page sees a journal half made (or caches its absence).
 */
export async function startApp(
  journals: DemoJournalSpec[],
  /** Writes more data (issues, articles, files…) through the local bindings before the server answers anyone. */
  prepare?: (env: LocalEnv, journalIds: number[]) => Promise<void>,
  /**
   * `demo`: start from the two demo journals (`scripts/seed.ts`): pages as a visitor of `npm start`
   * sees them. `server`: workerd on the port itself (the default), or `vite preview` in front of it
   * (for the tests of the local servers' own front door, scripts/lib/local-guard.ts).
   */
  options: { demo?: boolean; server?: Server } = {},
): Promise<App> {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npx react-router build` first (npm test does).");
  }
  // Migrated (and seeded) once per change of what makes the state, then copied: see states.ts.
  const stateDir = options.demo ? demoState() : migratedState();
  const write = async (env: LocalEnv) => {
    const ids: number[] = [];
    for (const j of journals) {
      const id = await insertJournal(env.DB, { ...j, settings: j.settings ?? {} });
      if (j.admin) await upsertAdmin(env.DB, id, j.admin);
      ids.push(id);
    }
    if (prepare) await prepare(env, ids);
  };
  if (options.server === "vite-preview") {
    // vite preview starts its own workerd: the data is written first, through a miniflare of our own.
    const local = await openLocal(stateDir);
    try {
      await write(local.env);
    } finally {
      await local.dispose();
    }
    return serveState(stateDir, journals[0]?.hosts[0] ?? "localhost", { server: "vite-preview" });
  }
  const port = await freePort();
  const server = await serveBuild(stateDir, port);
  try {
    await write(server.env);
  } catch (error) {
    await server.dispose();
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  return served(server, stateDir, port, false);
}

/** What serves the build: workerd alone (test/e2e/serve-build.ts), or `vite preview` in front of it. */
export type Server = "workerd" | "vite-preview";

/**
 * Serves the production build from an existing state folder (a restored backup, say) on a free
 * port. `stop()` ends the server and removes the folder unless `keep`.
 */
export async function serveState(
  stateDir: string,
  probeHost = "localhost",
  { keep = false, server = "workerd" }: { keep?: boolean; server?: Server } = {},
): Promise<App> {
  if (server === "workerd") {
    const port = await freePort();
    return served(await serveBuild(stateDir, port), stateDir, port, keep);
  }
  // vite preview passes its port through a file (see startLock).
  const release = await startLock();
  try {
    // Found once the lock is held: a port found before waiting for it could be taken meanwhile.
    const port = await freePort();
    return await startServer(["vite", ["preview", "--port", String(port), "--strictPort"]], stateDir, port, probeHost, keep);
  } finally {
    release();
  }
}

/** workerd serving the build in this process (serveBuild: it answers already) as an App. */
function served(server: BuildServer, stateDir: string, port: number, keep: boolean): App {
  return {
    port,
    pid: process.pid,
    stateDir,
    url: (host, p = "/") => `http://${host}:${port}${p}`,
    async stop() {
      await server.dispose();
      if (!keep) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/**
 * `vite preview` writes its port into build/server/.dev.vars (vite.config.ts) and the Worker
 * reads that file as it starts: two servers starting at once (test files run side by side) could
 * each get the other's port in their absolute URLs. So one server starts at a time, across
 * processes: whoever holds the lock folder beside the build. A holder that died (or never wrote
 * its pid) leaves a lock that is taken over once its process is gone or it is two minutes old.
 */
async function startLock(): Promise<() => void> {
  const lock = path.join(root, "build", ".preview-starting");
  const pidFile = path.join(lock, "pid");
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(pidFile, String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let stale = false;
    try {
      stale = Date.now() - statSync(lock).mtimeMs > 120_000;
      const pid = Number(readFileSync(pidFile, "utf8"));
      if (pid) process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") stale = true;
    }
    if (stale) rmSync(lock, { recursive: true, force: true });
    else await new Promise((r) => setTimeout(r, 200));
  }
}

async function startServer([cmd, args]: [string, string[]], stateDir: string, port: number, probeHost: string, keep: boolean): Promise<App> {
  const child: ChildProcess = spawn(cmd, args, {
    cwd: root,
    env: { ...env, JOURNAL_STATE_DIR: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} ${args[0]} exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: `${probeHost}:${port}` } });
      if (res.status > 0) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${cmd} ${args[0]} did not start within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    port,
    pid: child.pid ?? 0,
    stateDir,
    url: (host, p = "/") => `http://${host}:${port}${p}`,
    async stop() {
      // A server killed before it has stopped its workerd leaves that workerd running (≈ 200 MB
      // each, piling up over the suite): its processes are noted first, and any still there after
      // the server has had its time to exit are killed too.
      const tree = descendants(child.pid ?? 0);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      for (const pid of tree) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          /* gone already */
        }
      }
      if (!keep) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** The secret the served build signs certificate codes with (the app's own choice among `.dev.vars`). */
export async function serverCertificateSecret(): Promise<string> {
  const { certificateSecret } = await import("../../app/documents/verification.server.ts");
  return certificateSecret(readDevVars(path.join(root, ".dev.vars"))) ?? "";
}

/**
 * Debian's Chromium, headless. Under `npm test` the files share one browser (E2E_BROWSER_WS),
 * each in contexts of its own; closing the returned Browser then only disconnects. `publicHosts`
 * are names the browser sends to 127.0.0.1 as it does *.localhost (a journal on a public-looking
 * domain: DOAJ refuses links on reserved names); a browser started with them is this file's own.
 */
export async function launchBrowser(publicHosts: string[] = []): Promise<Browser> {
  requireChromium();
  const shared = process.env.E2E_BROWSER_WS;
  if (shared && !publicHosts.length) return chromium.connect(shared);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...(publicHosts.length ? [`--host-resolver-rules=${publicHosts.map((h) => `MAP ${h} 127.0.0.1`).join(", ")}`] : []), ...playwrightChromiumArgs()],
  });
}

/** A finished download's bytes (read through Playwright: `download.path()` is refused on a shared browser). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Marker of the CSP violations the page reports to the test (see watchPage). */
const CSP_REPORT = "__csp_violation__";

/**
 * Collects console errors, page errors and CSP violations so a test can assert there were none.
 * Violations are caught by the page's own `securitypolicyviolation` event, not only inferred
 * from Chromium's console messages.
 */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  void page.addInitScript((marker) => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.info(`${marker} ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  }, CSP_REPORT);
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    const text = m.text();
    if (text.startsWith(CSP_REPORT)) problems.push(`CSP violation: ${text.slice(CSP_REPORT.length + 1)}`);
    else if (m.type() === "error") problems.push(`console: ${text}`);
  });
  return { problems };
}

/** Waits until React has hydrated the page (clicks before that would be lost). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector(".admin-app, main");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
}

/** Whether this run keeps page screenshots for people: `SCREENSHOTS=1` (see `screenshot`). */
export const SCREENSHOTS = !!process.env.SCREENSHOTS && process.env.SCREENSHOTS !== "0";

/**
 * The whole page as a JPEG in test-results/screenshots/, for people to look at (no test reads it),
 * when the run asks for them: `SCREENSHOTS=1 npm test`, or one file with
 * `SCREENSHOTS=1 node --test test/e2e/public.test.ts`. Off by default: the browser tests take
 * about 170, ≈ 33 s of the two cores' CPU a run (docs/decisions/040-suite-cpu.md). JPEG, not PNG:
 * Chromium encodes a JPEG in half the CPU. `fromTop`: scrolled to the top with the sticky save
 * bar shown in the flow, where a full-page capture would freeze it mid-page.
 */
export async function screenshot(page: Page, name: string, { fromTop = false }: { fromTop?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  const dir = path.join(root, "test-results", "screenshots");
  const unstick = fromTop
    ? (await page.evaluate(() => window.scrollTo(0, 0)), await page.addStyleTag({ content: ".sticky-actions { position: static !important; }" }))
    : undefined;
  await page.screenshot({ path: path.join(dir, `${name}.jpg`), fullPage: true, type: "jpeg", quality: 85 });
  await unstick?.evaluate((el) => (el as HTMLElement).remove());
}

/**
 * A request to the served app with the Host header of a journal's name (node's fetch would
 * send 127.0.0.1 and does not resolve *.localhost), answered as a web Response. `init.headers`
 * may name another Host; `init.signal` aborts it (e.g. AbortSignal.timeout when probing ports).
 * Redirects are not followed.
 */
export async function fetchOnHost(app: Pick<App, "port">, host: string, p: string, init: RequestInit = {}): Promise<Response> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: app.port,
        path: p,
        method: init.method ?? "GET",
        headers: { host: `${host}:${app.port}`, ...(init.headers as Record<string, string>) },
        signal: init.signal ?? undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          try {
            const status = res.statusCode ?? 0;
            resolve(new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: res.headers as Record<string, string> }));
          } catch (error) {
            reject(error); // a status a web Response cannot carry (e.g. a port that is not this app)
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body as string | undefined);
  });
}

/** Every process (pid, resident KB, command) under `rootPid`, itself excluded. */
function processTree(rootPid: number): { pid: number; rss: number; comm: string }[] {
  const rows = execSync("ps -e -o pid=,ppid=,rss=,comm=", { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, rss, comm]) => ({ pid: Number(pid), ppid: Number(ppid), rss: Number(rss), comm }));
  const ours = new Set([rootPid]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rows) if (ours.has(r.ppid) && !ours.has(r.pid)) (ours.add(r.pid), (changed = true));
  }
  return rows.filter((r) => r.pid !== rootPid && ours.has(r.pid));
}

function descendants(rootPid: number): number[] {
  try {
    return rootPid ? processTree(rootPid).map((r) => r.pid) : [];
  } catch {
    return [];
  }
}

/** Resident memory (MB) of the workerd processes under a server (its pid), or NaN. */
export function workerdRss(serverPid: number): number {
  try {
    const kb = processTree(serverPid)
      .filter((r) => r.comm.includes("workerd"))
      .reduce((n, r) => n + r.rss, 0);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}
