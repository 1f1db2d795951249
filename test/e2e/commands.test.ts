/**
 * Commands as the README writes them: every command it shows goes through npm
 * (`npm start`, `npm test`, `npm run <a script that exists>`, `npx wrangler …`), which runs the
 * project's Node 22 — never a bare `node` on a TypeScript file, which the Node 20 the README
 * names cannot run; `--help` on bench, load, journal, admin-user and export prints the options
 * and exits 0 without doing any work (no build, no database, no wrangler, no file written); and
 * the common-password set is a module of its own in the Worker build, not part of what starts.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { staticClosure } from "../../scripts/bench/startup.ts";
import { childEnv } from "../../scripts/lib/run.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** Every command the README shows: the lines of its sh code blocks, and inline code that starts like a command. */
function readmeCommands(): string[] {
  const commands: string[] = [];
  for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of block[1].split("\n")) {
      const command = line.replace(/(^|\s+)#.*$/, "").trim();
      if (command) commands.push(command);
    }
  }
  // Inline ones; `npm run …` and `npx …` in prose stand for "any".
  for (const inline of readme.matchAll(/`((?:node|npm|npx|printf)\s[^`]+)`/g)) if (!/\s…$/.test(inline[1])) commands.push(inline[1].trim());
  return commands;
}

test("every command in the README runs on the project's Node: through npm or npx, naming scripts that exist", () => {
  const commands = readmeCommands();
  assert.ok(commands.length > 30, `found ${commands.length} commands`);
  const problems: string[] = [];
  for (const full of commands) {
    // A pipe feeds a password to the command after it (`printf '%s\n' "$PW" | npm run …`).
    // Environment variables set for the one command (`JOURNAL_STATE_DIR=/tmp/drill npm run …`) are part of it.
    const command = full
      .split(/\|\s*(?=npm |npx )/)
      .pop()!
      .trim()
      .replace(/^([A-Z_]+=\S+\s+)+/, "");
    // The system's own tools, not the project's.
    if (/^(apt-get|rm|mkdir|cd)\b/.test(command)) continue;
    if (/^node\b/.test(command)) {
      problems.push(`bare node (Node 20 cannot run the project's TypeScript): ${full}`);
      continue;
    }
    const run = /^npm run (\S+)/.exec(command);
    if (run) {
      if (!scripts[run[1]]) problems.push(`no npm script '${run[1]}': ${full}`);
      continue;
    }
    // npx runs the project's own binaries (node_modules/.bin, Node 22 first on PATH).
    if (/^npm (start|test|install)\b/.test(command) || /^npx (wrangler|react-router|vitest|tsc)\b/.test(command)) continue;
    problems.push(`not a project command the README should show: ${full}`);
  }
  assert.deepEqual(problems, []);
  // The README says why, and package.json's engines says what the machine needs.
  assert.match(readme, /Every command in this README goes through `npm start`, `npm test`, `npm run …` or `npx …`/);
  assert.equal((JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } }).engines.node, ">=22.22.0");
});

test("npm install warns about nothing when npm runs on the project's Node 22; .npmrc quiets only what npm on Node 20 says about it", () => {
  // npm on the machine's Node 20 notes (EBADENGINE) that seven packages need Node 22, which the
  // project brings (ADR 001, ADR 035): .npmrc sets the log level to errors for that install.
  assert.match(readFileSync(path.join(root, ".npmrc"), "utf8"), /^loglevel=error$/m);
  // What it would hide is checked here instead: the same npm, on Node 22, at the warning level.
  // The npm that runs `npm test` (npm_execpath), or the machine's first npm on PATH.
  const onPath = (process.env.PATH ?? "").split(path.delimiter).map((d) => path.join(d, "npm")).find((f) => existsSync(f) && !f.includes("node_modules"));
  const npmCli = process.env.npm_execpath ?? (onPath && realpathSync(onPath));
  assert.ok(npmCli && existsSync(npmCli) && /npm-cli\.js$/.test(npmCli), `npm's own script: ${npmCli}`);
  const node22 = path.join(root, "node_modules", ".bin", "node");
  assert.match(spawnSync(node22, ["--version"], { encoding: "utf8" }).stdout, /^v22\./);
  const r = spawnSync(node22, [npmCli, "install", "--dry-run", "--no-audit", "--no-fund", "--loglevel=warn"], { cwd: root, encoding: "utf8", env: childEnv() });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(`${r.stdout}\n${r.stderr}`.split("\n").filter((line) => /^npm (warn|WARN|ERR)/.test(line)), []);
});

test("--help on bench, load, journal, admin-user and export prints the options and exits 0 without doing any work", () => {
  // Any tool a command would reach for first records that it was called.
  const fakes = mkdtempSync(path.join(tmpdir(), "journal-help-"));
  const calls = path.join(fakes, "calls.log");
  for (const tool of ["wrangler", "npx", "react-router", "vite", "npm"]) {
    const file = path.join(fakes, tool);
    writeFileSync(file, `#!/bin/sh\necho "${tool} $*" >> "${calls}"\nexit 99\n`);
    chmodSync(file, 0o755);
  }
  const state = path.join(fakes, "state-that-must-not-appear");
  // The built Worker, not the build folder: servers that other test files start meanwhile take a
  // lock folder in it and write their port beside the Worker, which changes the folder's time.
  const built = path.join(root, "build", "server", "index.js");
  const buildBefore = existsSync(built) ? statSync(built).mtimeMs : 0;
  const backupsBefore = existsSync(path.join(root, "backups")) ? readdirSync(path.join(root, "backups")).length : 0;
  const env = childEnv({ JOURNAL_STATE_DIR: state });
  env.PATH = `${fakes}${path.delimiter}${env.PATH}`;
  try {
    const cases: [string, string, RegExp][] = [
      ["bench", scripts.bench, /usage: npm run bench/],
      ["load", scripts.load, /usage: npm run load/],
      ["journal", scripts.journal, /usage: npm run journal/],
      ["admin-user", scripts["admin-user"], /usage: npm run admin-user/],
      ["export", scripts.export, /usage: npm run export/],
    ];
    for (const [name, script, usage] of cases) {
      // The npm script's own command line, as `npm run <name> -- --help` runs it.
      const [, file] = script.split(" ");
      for (const flag of ["--help", "-h"]) {
        const r = spawnSync("node", [file, flag], { cwd: root, env, encoding: "utf8" });
        assert.equal(r.status, 0, `${name} ${flag}: ${r.stderr}`);
        assert.match(r.stdout, usage, name);
        assert.match(r.stdout, /--help/, `${name} lists --help`);
        assert.equal(r.stderr, "", `${name} ${flag} printed to stderr`);
      }
    }
    assert.equal(existsSync(calls) ? readFileSync(calls, "utf8") : "", "", "no tool was started");
    assert.equal(existsSync(state), false, "no local database was opened");
    assert.equal(existsSync(built) ? statSync(built).mtimeMs : 0, buildBefore, "nothing was built");
    assert.equal(existsSync(path.join(root, "backups")) ? readdirSync(path.join(root, "backups")).length : 0, backupsBefore, "no backup was written");
    // A mistyped option is refused, not taken for a run of several minutes.
    const typo = spawnSync("node", ["scripts/bench/run.mjs", "--hlep"], { cwd: root, env, encoding: "utf8" });
    assert.equal(typo.status, 2);
    assert.match(typo.stderr, /Unknown option --hlep/);
    assert.equal(existsSync(calls) ? readFileSync(calls, "utf8") : "", "");
  } finally {
    rmSync(fakes, { recursive: true, force: true });
  }
});

test("the common-password set is its own module of the Worker build, imported on first use", () => {
  const server = path.join(root, "build", "server");
  assert.ok(existsSync(server), "run `npx react-router build` first (npm test does)");
  const files = readdirSync(path.join(server, "assets")).filter((f) => f.endsWith(".js"));
  // The start of the coded set itself, as the generated file holds it.
  const sample = /gcs: "([A-Za-z0-9+/]{64})/.exec(readFileSync(path.join(root, "app/lib/common-passwords.data.ts"), "utf8"))![1];
  const data = files.filter((f) => readFileSync(path.join(server, "assets", f), "utf8").includes(sample));
  assert.equal(data.length, 1, `one chunk holds the set: ${data.join(", ")}`);
  assert.match(data[0], /^common-passwords\.data-/);
  // Nothing imports it statically: only `import("…common-passwords.data-….js")`.
  for (const f of ["index.js", ...files.map((x) => `assets/${x}`)].filter((f) => !f.endsWith(data[0]))) {
    const text = readFileSync(path.join(server, f), "utf8");
    assert.doesNotMatch(text, new RegExp(`from\\s*"[^"]*${data[0].replace(/\./g, "\\.")}"`), `${f} imports the set statically`);
  }
  // From a chunk beside it, or from the main module (whichever module the bundler put the loader in).
  const dynamic =
    files.map((f) => readFileSync(path.join(server, "assets", f), "utf8")).some((t) => t.includes(`import("./${data[0]}")`)) ||
    readFileSync(path.join(server, "index.js"), "utf8").includes(`import("./assets/${data[0]}")`);
  assert.ok(dynamic, "loaded with a dynamic import");
});

test("the Worker's start evaluates no PDF, font or password code: pages that show a QR code or a board role import neither", () => {
  const server = path.join(root, "build", "server");
  assert.ok(existsSync(server), "run `npx react-router build` first (npm test does)");
  const closure = staticClosure(server, "index.js");
  // What each evaluated module was built from, as its source map names it.
  const sources = closure.flatMap((f) => (JSON.parse(readFileSync(path.join(server, `${f}.map`), "utf8")) as { sources: string[] }).sources);
  assert.ok(sources.some((s) => s.endsWith("app/root.tsx")), "the source maps name the app's files");
  for (const heavy of ["node_modules/pdf-lib/", "node_modules/@pdf-lib/fontkit/", "app/documents/fonts.server.ts", "app/documents/canvas.server.ts", "app/lib/common-passwords.data.ts"]) {
    assert.deepEqual(sources.filter((s) => s.includes(heavy)), [], `${heavy} is evaluated at start`);
  }
});
