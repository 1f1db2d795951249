/**
 * The benchmark's own copy of the app: the working tree's sources are copied into a temp
 * folder (node_modules symlinked) and built there, so the run neither replaces the `build/`
 * that a developer's preview or browser tests are using nor sees a rebuild half-way through.
 * The build is served by `vite preview` (real workerd through @cloudflare/vite-plugin, the same
 * way the browser tests serve it) from a throw-away local D1/R2 state folder.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { childEnv, freePort } from "../lib/run.mjs";

export const root = path.resolve(import.meta.dirname, "../..");
export const bin = path.join(root, "node_modules", ".bin");


/** Runs a command to completion; throws with its output when it fails. */
export function exec(cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}): string {
  const r = spawnSync(cmd, args, { cwd, env: childEnv(extra), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

export const APP_FILES = [
  "app", "workers", "public", "migrations", "package.json", "tsconfig.json", "vite.config.ts", "react-router.config.ts",
  "wrangler.toml", "worker-configuration.d.ts",
  // What vite.config.ts loads: the local servers' guard, the Worker's render rewrites and the fonts laid out before a build.
  "scripts/lib/local-guard.ts", "scripts/lib/render-hot-paths.ts", "scripts/fonts",
];

/** What was measured: the commit, and whether the app's files differ from it. */
export function sourceInfo(fromHead: boolean): { commit: string; dirty: boolean; fromHead: boolean } {
  const git = (...a: string[]) => spawnSync("git", a, { cwd: root, encoding: "utf8" }).stdout?.trim() ?? "";
  const commit = git("rev-parse", "--short", "HEAD") || "unknown";
  const dirty = !fromHead && git("status", "--porcelain", "--", ...APP_FILES) !== "";
  return { commit, dirty, fromHead };
}

/**
 * Copies the app's sources into `dir` (the working tree, or with `fromHead` the last commit)
 * and builds the production bundle there.
 */
export function buildCopy(dir: string, fromHead = false): void {
  mkdirSync(dir, { recursive: true });
  if (fromHead) {
    const tar = path.join(dir, "..", "head.tar");
    exec("git", ["archive", "--format=tar", "-o", tar, "HEAD", "--", ...APP_FILES.filter((f) => existsSync(path.join(root, f)))], root);
    exec("tar", ["-xf", tar, "-C", dir], root);
  } else {
    for (const f of APP_FILES) {
      if (existsSync(path.join(root, f))) cpSync(path.join(root, f), path.join(dir, f), { recursive: true });
    }
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  // The copy's Worker is the app plus the benchmark's D1-replay route (./replay-worker.ts).
  mkdirSync(path.join(dir, "scripts/bench"), { recursive: true });
  cpSync(path.join(root, "scripts/bench/replay-worker.ts"), path.join(dir, "scripts/bench/replay-worker.ts"));
  const config = path.join(dir, "wrangler.toml");
  const toml = readFileSync(config, "utf8");
  if (!/^main = "\.\/workers\/app\.ts"$/m.test(toml)) throw new Error("wrangler.toml: expected main = \"./workers/app.ts\"");
  writeFileSync(config, toml.replace(/^main = .*$/m, 'main = "./scripts/bench/replay-worker.ts"'));
  // Certificates sign their verification codes with JWT_SECRET: a throw-away one.
  const devVars = path.join(root, ".dev.vars");
  const secret = `JWT_SECRET=${randomBytes(32).toString("base64url")}\n`;
  writeFileSync(path.join(dir, ".dev.vars"), existsSync(devVars) ? readFileSync(devVars, "utf8") : secret);
  exec("react-router", ["build"], dir);
}

/** Applies the real migrations to a fresh state folder (what --persist-to / JOURNAL_STATE_DIR take). */
export function migrate(appDir: string, stateDir: string): void {
  exec("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateDir], appDir);
}


export interface Server {
  port: number;
  origin: string;
  /** CPU time (user + system) used so far by the workerd process(es) serving the app, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
  output(): string;
}

/** `vite preview` of the copy's build, on a free port, against `stateDir`. */
export async function startPreview(appDir: string, stateDir: string, probeHost: string): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(bin, "vite"), ["preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    cwd: appDir,
    env: childEnv({ JOURNAL_STATE_DIR: stateDir }),
    stdio: ["ignore", "pipe", "pipe"],
    // Own process group, so stopping it also stops the workerd it started (and nothing else).
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited:\n${output}`);
    try {
      const res = await fetch(`${origin}/robots.txt`, { headers: { host: `${probeHost}:${port}` } });
      await res.arrayBuffer();
      if (res.status > 0) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`vite preview did not start within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const workerd = findGroup(child.pid!, "workerd");
  if (!workerd.length) console.warn("  (no workerd process found in the server's process group: CPU figures unavailable)");
  return {
    port,
    origin,
    cpuMs: () => cpuMs(workerd),
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      const signal = (sig: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, sig);
        } catch {
          /* already gone */
        }
      };
      signal("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      signal("SIGKILL");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    },
  };
}

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

function stat(pid: number): { name: string; pgrp: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = text.lastIndexOf(")");
    const f = text.slice(close + 2).split(" ");
    // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    return { name: text.slice(text.indexOf("(") + 1, close), pgrp: Number(f[2]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

/** Processes of process group `pgid` whose name starts with `name` (Linux /proc; [] elsewhere). */
function findGroup(pgid: number, name: string): number[] {
  if (!existsSync("/proc")) return [];
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      const s = stat(pid);
      return s !== null && s.pgrp === pgid && s.name.startsWith(name);
    });
}

function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0), 0) * (1000 / CLK_TCK);
}

/** `workerd --version` of the installed workerd (the runtime the pages were served by). */
export function workerdVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, "node_modules/workerd/package.json"), "utf8")) as { version: string };
    return pkg.version;
  } catch {
    return "unknown";
  }
}
