// Plain JavaScript on purpose: these helpers run before `npm install` may have brought in the
// project's Node 22, so they must work on whatever Node the machine has.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const bin = path.join(root, "node_modules", ".bin");

/**
 * Environment for child processes: the project's binaries (incl. Node 22) first, no telemetry,
 * and Node's compile cache: every command and test process loads wrangler's and miniflare's large
 * bundles, and Node 22 keeps their compiled code here instead of compiling it again each time
 * (≈ 0.2 s of each `npm run journal …`; Node 20 ignores the variable).
 */
export function childEnv(extra = {}) {
  return {
    ...process.env,
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(root, "node_modules", ".cache", "node-compile"),
    PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    NO_D1_WARNING: "true",
    ...extra,
  };
}

/** A TCP port free on 127.0.0.1 right now (for a server started next). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: childEnv(opts.env), shell: false });
  if (result.status !== 0 && !opts.allowFailure) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  return result.status ?? 1;
}

export function start(cmd, args, opts = {}) {
  return spawn(cmd, args, { cwd: root, stdio: "inherit", env: childEnv(opts.env) });
}

/** Installs npm packages from the lock file when node_modules is missing or older than the lock. */
export function ensureInstalled() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.log("Installing npm packages from package-lock.json (a cold install takes a few minutes)…");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

/** Creates .dev.vars (local secrets, never committed) with a fresh random JWT_SECRET if missing. */
export function ensureDevVars() {
  const devVars = path.join(root, ".dev.vars");
  if (existsSync(devVars)) return;
  const example = readFileSync(path.join(root, ".dev.vars.example"), "utf8");
  writeFileSync(devVars, example.replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${randomBytes(32).toString("base64url")}`));
  console.log("Created .dev.vars with a random JWT_SECRET.");
}
