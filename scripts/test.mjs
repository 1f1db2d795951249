// `npm test`: the whole suite. Workerd tests (vitest, real D1/R2 in miniflare), with the
// unused-export check, the production build and the state folders the browser tests copy made
// beside them; then the browser tests (playwright-core + Debian Chromium). Each phase's time is
// printed as it ends and in the summary.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { childEnv, ensureDevVars, ensureInstalled, root, run } from "./lib/run.mjs";
import { CHROMIUM as chromium, featuresNotDisabled, playwrightChromiumArgs } from "./lib/chromium.mjs";

if (!existsSync(chromium)) {
  console.error(
    `✖ Chromium not found at ${chromium}; the browser tests need it.\n  Install it with: apt-get update && apt-get install -y chromium\n  (or point CHROMIUM_PATH at a Chromium binary)`,
  );
  process.exit(1);
}
// The certificate read-back tests render PDFs with Poppler (pdftoppm, pdftotext).
if (spawnSync("pdftoppm", ["-v"]).error) {
  console.error("✖ pdftoppm not found; the PDF read-back tests need Poppler.\n  Install it with: apt-get update && apt-get install -y poppler-utils");
  process.exit(1);
}
ensureInstalled();
// The production build served to the browser tests reads its JWT secret from .dev.vars.
ensureDevVars();

const started = Date.now();
/** Seconds each phase took, printed as it ends and again with the summary. */
const phases = [];
async function phase(title, name, fn) {
  console.log(`\n▶ ${title}\n`);
  const t0 = Date.now();
  const result = await fn();
  const secs = Math.round((Date.now() - t0) / 1000);
  phases.push(`${name} ${secs} s`);
  console.log(`\n⏱ ${name}: ${secs} s`);
  return result;
}
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(path.join(results, "screenshots"), { recursive: true });

/** A command as a promise of its exit status and, with `capture`, its output (not shown). */
function runAsync(cmd, args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: childEnv(), stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", (error) => resolve({ status: 1, output: `${output}${error}\n` }));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

// The fonts (public/fonts/) are laid out first: vitest's config and the build each lay them out
// when missing, and must not both do it at once.
run("node", ["--input-type=module", "-e", "const f = await import('./scripts/fonts/prepare.mjs'); f.prepareFonts();"]);

// Beside the workerd tests, which leave about a fifth of the two cores idle (77 s of CPU in 49 s):
// the unused-export check (dead code is found before it piles up), the production build every
// browser test file serves, and the local D1/R2 states they copy (migrations once, demo seed
// once). Their output is shown when the workerd tests have finished.
const beside = (async () => {
  const done = [];
  for (const [title, name, cmd, args] of [
    ["Unused exports", "exports", "node", ["scripts/check-unused-exports.ts"]],
    ["Production build for the browser tests", "build", "react-router", ["build"]],
    ["Local D1/R2 states for the browser tests (migrations once, demo seed once)", "states", "node", ["--input-type=module", "-e", "const s = await import('./test/e2e/states.ts'); s.prepareStates();"]],
  ]) {
    const t0 = Date.now();
    const r = await runAsync(cmd, args, { capture: true });
    done.push({ title, name, secs: Math.round((Date.now() - t0) / 1000), ...r });
    // Without a build there is nothing to serve; the export check's failure is reported at the end.
    if (r.status !== 0 && name !== "exports") break;
  }
  return done;
})();

const vitestStatus = await phase("Workerd tests (vitest + @cloudflare/vitest-plugin)", "workerd", async () =>
  (await runAsync("vitest", ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"])).status,
);
for (const b of await beside) {
  console.log(`\n▶ ${b.title} (beside the workerd tests)\n`);
  process.stdout.write(b.output);
  phases.push(`${b.name} ${b.secs} s (beside workerd)`);
  console.log(`\n⏱ ${b.name}: ${b.secs} s`);
  if (b.status !== 0 && b.name !== "exports") {
    console.error(`\n✖ ${b.title} failed (exit ${b.status})`);
    process.exit(1);
  }
}
const exportsStatus = (await beside).find((b) => b.name === "exports").status;

// Four files at a time unless E2E_CONCURRENCY says otherwise: every file has its own state
// folder, port, hosts and server (test/e2e/harness.ts). Much of a file's time is spent waiting on
// a server, Chromium or a CLI process, so several keep two cores busy: the phase took 990 s one
// at a time and 689 s three at a time (2026-11-27); on 2026-12-07, 456 s three at a time, 433 s
// four, and six (461 s) lost more to contention than it filled.
// One Chromium serves them all (each test file connects and works in its own contexts):
// launching it cost each of twenty files 1.3 s of CPU.
const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 4);
/**
 * Every browser-test file, the longest first, so none is left to run alone at the end: started
 * in name order, the backup tests (then one file) ran to the phase's last second on a quarter of
 * the CPU. The list orders only; a file not in it runs after these, in name order. (Started by
 * node:test's run(), scripts/lib/test-files.mjs: `node --test` sorts its files by name.)
 */
function e2eFiles() {
  const longest = [
    "accessibility", "backup-restore", "admin", "journal-cli", "backup-remote", "admin-user", "seed", "records",
    "staff-admin", "backup-property", "admin-layout", "reader-layout", "drawn-scripts", "indexes-xsd", "public",
  ];
  const files = readdirSync(path.join(root, "test", "e2e")).filter((f) => f.endsWith(".test.ts")).sort();
  const rank = (f) => {
    const i = longest.indexOf(f.replace(/\.test\.ts$/, ""));
    return i === -1 ? longest.length : i;
  };
  return files.sort((a, b) => rank(a) - rank(b)).map((f) => `test/e2e/${f}`);
}
const e2e = await phase(`Browser tests (playwright-core + Chromium), ${concurrency} file(s) at a time`, "browser", async () => {
  const { chromium: playwright } = await import("playwright-core");
  const shared = await playwright.launchServer({ executablePath: chromium, args: playwrightChromiumArgs() });
  try {
    // Chromium obeys only the last --disable-features: Playwright's own list must have survived in ours.
    const lost = featuresNotDisabled(shared.process().pid);
    if (lost.length) throw new Error(`Chromium was started with these features on: ${lost.join(", ")} (scripts/lib/chromium.mjs)`);
    const child = spawn("node", ["scripts/lib/test-files.mjs", String(concurrency), ...e2eFiles()], {
      cwd: root,
      env: childEnv({ E2E_BROWSER_WS: shared.wsEndpoint() }),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d) => {
      stdout += d;
      process.stdout.write(d);
    });
    const status = await new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
    return { status, stdout };
  } finally {
    await shared.close();
  }
});

let passed = 0;
let failed = 0;
try {
  const v = JSON.parse(readFileSync(path.join(results, "vitest.json"), "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numTotalTestSuites && v.success === false && v.numFailedTests === 0 ? 1 : 0);
} catch {
  failed += 1;
}
const num = (label) => Number((e2e.stdout ?? "").match(new RegExp(`ℹ ${label} (\\d+)`))?.[1] ?? 0);
passed += num("pass");
failed += num("fail");
if (e2e.status !== 0 && num("fail") === 0) failed += 1;

const secs = Math.round((Date.now() - started) / 1000);
console.log(`\nPhases: ${phases.join(", ")}`);
console.log(`All tests (${secs} s): exports ${exportsStatus === 0 ? "ok" : "FAILED"}, workerd ${vitestStatus === 0 ? "ok" : "FAILED"}, browser ${e2e.status === 0 ? "ok" : "FAILED"}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exportsStatus === 0 && vitestStatus === 0 && e2e.status === 0 && failed === 0 ? 0 : 1);
