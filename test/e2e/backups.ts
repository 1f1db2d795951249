/**
 * What the backup test files share: the commands as the README runs them (`npm run backup`,
 * `restore`, `storage-check`: each a process of its own), and a state folder's rows read through
 * miniflare. Each file works in a folder of its own (`workFolder`).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openLocal, type LocalEnv } from "../../scripts/lib/local.ts";
import { childEnv } from "../../scripts/lib/run.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** A fresh folder for one test file's states and backups (the file removes it when done). */
export const workFolder = () => mkdtempSync(path.join(tmpdir(), "journal-backup-e2e-"));

export function run(script: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync("node", [script, ...args], { cwd: root, env: childEnv(env), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}
export const backup = (args: string[], env: Record<string, string> = {}) => run("scripts/backup.ts", args, env);
export const restore = (args: string[], env: Record<string, string> = {}) => run("scripts/restore.ts", args, env);
export const storageCheck = (stateDir: string) => run("scripts/storage-check.ts", [], { JOURNAL_STATE_DIR: stateDir });

export async function withEnv<T>(stateDir: string, fn: (env: LocalEnv) => Promise<T>): Promise<T> {
  const local = await openLocal(stateDir);
  try {
    return await fn(local.env);
  } finally {
    await local.dispose();
  }
}

export type Row = Record<string, unknown>;
export const all = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).all<Row>()).results;
export const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
