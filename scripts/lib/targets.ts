/**
 * Where the scripts' data lives, behind one interface: a local state folder (miniflare, the
 * files wrangler uses: bound parameters, exact values) or production through the wrangler CLI
 * (`wrangler d1 execute` and `wrangler r2 object get|put`), which `npm run backup`, `restore`
 * and `storage-check` share. Objects cannot be listed through the CLI; a storage check of
 * production lists them through wrangler's remote bindings instead (openRemoteBindings).
 *
 * Tests run the CLI path against a local state folder (JOURNAL_REMOTE_TARGET=local with
 * JOURNAL_STATE_DIR), so the code `--remote` runs is the code the tests run.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { wranglerExecutor, type Statement } from "./admin-user.ts";
import { childEnv, root } from "./run.mjs";
import type { LocalEnv } from "./local.ts";
import { wranglerBindings } from "./wrangler-config.ts";

export type Row = Record<string, unknown>;
export type { Statement };

export interface Target {
  /** "local state folder …" or "production": for messages. */
  label: string;
  /** `wrangler d1 …` target arguments: ["--local", "--persist-to", dir] or ["--remote"]. */
  wrangler: string[];
  query(sql: string, params?: (string | number | null)[]): Promise<Row[]>;
  /** Several reads in one round trip (one wrangler run); the rows of each. */
  queryAll(statements: Statement[]): Promise<Row[][]>;
  /** How many objects to move at once. */
  parallel: number;
  /** Runs statements in order (in slices; each slice one transaction where the target allows). */
  execute(statements: Statement[]): Promise<void>;
  getObject(key: string): Promise<Uint8Array | null>;
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Every key under a prefix; absent where the target cannot list (the CLI). */
  listObjects?(prefix: string): Promise<string[]>;
  deleteObjects?(keys: string[]): Promise<void>;
  /**
   * Applies migrations/ (only those named, when given) through this open target: a local folder
   * (scripts/lib/migrations.ts). Absent where wrangler applies them (production).
   */
  migrate?(only?: string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** A local state folder (default .wrangler/state), through miniflare (openLocal). */
export async function localTarget(stateDir = ".wrangler/state"): Promise<Target> {
  const { openLocal } = await import("./local.ts");
  const { applyLocalMigrations } = await import("./migrations.ts");
  const { env, dispose } = await openLocal(stateDir);
  return {
    ...(await bindingsTarget(env)),
    label: `the local state folder ${stateDir}`,
    wrangler: ["--local", "--persist-to", stateDir],
    migrate: (only) => applyLocalMigrations(env.DB, only),
    close: dispose,
  };
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** A wrangler run tried up to three times (a dropped connection to Cloudflare), unless its error is `final`. */
async function retried(run: () => Promise<{ status: number; out: string; err: string }>, final?: RegExp) {
  let r = await run();
  for (let attempt = 1; attempt < 3 && r.status !== 0 && !(final?.test(r.err + r.out)); attempt++) {
    await new Promise((done) => setTimeout(done, 1000 * attempt));
    r = await run();
  }
  return r;
}

function wrangler(args: string[]): Promise<{ status: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrangler", args, { cwd: root, env: childEnv({ WRANGLER_LOG: "log" }) });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status: status ?? 1, out, err }));
  });
}

/**
 * Production (`["--remote"]`), or a local folder through the same CLI commands (tests). One
 * wrangler process per statement batch and per object: slow, but nothing beyond `wrangler
 * login` is needed.
 */
export function wranglerTarget(target: string[]): Target {
  const exec = wranglerExecutor(target, root);
  const bucket = wranglerBindings().bucketName;
  const scratch = mkdtempSync(path.join(tmpdir(), "journal-wrangler-"));
  return {
    label: target.includes("--remote") ? "production (through wrangler)" : `${target.at(-1)} (through wrangler)`,
    wrangler: target,
    async query(sql, params = []) {
      const [rows] = await exec([{ sql, params }]);
      return rows ?? [];
    },
    queryAll: (statements) => exec(statements),
    // Production takes several at once; local wrangler runs on one state folder must not overlap.
    parallel: target.includes("--remote") ? 4 : 1,
    async execute(statements) {
      // One SQL file: wrangler sends it to D1 whole (`d1 execute --file`).
      const { inline } = await import("./admin-user.ts");
      const file = path.join(scratch, `batch-${Date.now()}.sql`);
      writeFileSync(file, `${statements.map((s) => `${inline(s)};`).join("\n")}\n`);
      const r = await wrangler(["d1", "execute", "DB", ...target, "--yes", "--file", file]);
      rmSync(file, { force: true });
      if (r.status !== 0) throw new Error(`wrangler d1 execute --file failed:\n${r.err || r.out}`);
    },
    async getObject(key) {
      const file = path.join(scratch, `get-${sha(key)}`);
      try {
        const r = await retried(() => wrangler(["r2", "object", "get", `${bucket}/${key}`, ...target, "--file", file]), /specified key does not exist|NoSuchKey/i);
        if (r.status !== 0) {
          if (/specified key does not exist|NoSuchKey/i.test(r.err + r.out)) return null;
          throw new Error(`wrangler r2 object get ${key} failed:\n${r.err || r.out}`);
        }
        return new Uint8Array(readFileSync(file));
      } finally {
        rmSync(file, { force: true });
      }
    },
    async putObject(key, bytes, contentType) {
      const file = path.join(scratch, `put-${sha(key)}`);
      writeFileSync(file, bytes);
      try {
        const r = await retried(() => wrangler(["r2", "object", "put", `${bucket}/${key}`, ...target, "--file", file, "--content-type", contentType]));
        if (r.status !== 0) throw new Error(`wrangler r2 object put ${key} failed:\n${r.err || r.out}`);
      } finally {
        rmSync(file, { force: true });
      }
    },
    async close() {
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Production's D1 and R2 through wrangler's remote bindings (a platform proxy whose bindings are
 * the real ones): what can list the bucket. Needs `npx wrangler login` and the real database_id.
 */
export async function remoteBindingsTarget(): Promise<Target> {
  const { getPlatformProxy } = await import("wrangler");
  const dir = path.join(root, ".wrangler", "tmp");
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, "remote-bindings.wrangler.toml");
  const text = readFileSync(path.join(root, "wrangler.toml"), "utf8")
    .replace(/^main\s*=\s*"\.\/(.*)"$/m, (_m, p: string) => `main = "${path.join(root, p)}"`)
    .replace(/^migrations_dir\s*=\s*"(.*)"$/m, (_m, p: string) => `migrations_dir = "${path.join(root, p)}"`)
    .replace(/^(binding\s*=\s*"(?:DB|FILES)")$/gm, "$1\nremote = true");
  writeFileSync(config, text);
  const { env, dispose } = await getPlatformProxy<Env>({ configPath: config, persist: false, remoteBindings: true });
  return { ...(await bindingsTarget(env)), label: "production (remote bindings)", wrangler: ["--remote"], close: dispose };
}

/** D1 and R2 bindings (local or remote) as a target: bound parameters, exact values. */
async function bindingsTarget(env: LocalEnv): Promise<Omit<Target, "label" | "wrangler" | "close">> {
  const { listObjectKeys } = await import("../../app/storage/objects.server.ts");
  return {
    async query(sql, params = []) {
      return (await env.DB.prepare(sql).bind(...params).all<Row>()).results;
    },
    async queryAll(statements) {
      if (!statements.length) return [];
      const results = await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
      return results.map((r) => (r.results ?? []) as Row[]);
    },
    parallel: 8,
    async execute(statements) {
      // D1 runs a batch as one transaction; big restores go in slices that each keep the
      // foreign keys satisfied (rows come parents first).
      for (let i = 0; i < statements.length; i += 200) {
        await env.DB.batch(statements.slice(i, i + 200).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
      }
    },
    async getObject(key) {
      const object = await env.FILES.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async putObject(key, bytes, contentType) {
      await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
    },
    listObjects: (prefix) => listObjectKeys(env.FILES, prefix),
    async deleteObjects(keys) {
      for (let i = 0; i < keys.length; i += 1000) await env.FILES.delete(keys.slice(i, i + 1000));
    },
  };
}

/**
 * The target a script's flags name: `--remote` → production through the CLI (or, for tests,
 * JOURNAL_REMOTE_TARGET=local: the same CLI commands on JOURNAL_STATE_DIR); else the local state
 * folder (JOURNAL_STATE_DIR or .wrangler/state).
 */
export async function openTarget(remote: boolean): Promise<Target> {
  const stateDir = process.env.JOURNAL_STATE_DIR || ".wrangler/state";
  if (!remote) return localTarget(stateDir);
  if (process.env.JOURNAL_REMOTE_TARGET === "local") return wranglerTarget(["--local", "--persist-to", stateDir]);
  return wranglerTarget(["--remote"]);
}
