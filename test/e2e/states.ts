/**
 * Local D1/R2 state folders for the e2e tests, made once and copied. Applying the migrations and
 * seeding the demo take seconds, while copying the folder they leave takes milliseconds; every
 * test file used to pay both on its own. A template is kept under `.wrangler/e2e-states/` by the
 * name of what made it (the migrations' text, the code applying them and the wrangler config; for
 * the demo also the code that seeds and the day), so a change to any of them makes a
 * new one and a stale template is never copied. Templates are only ever copied, never opened, so
 * the SQLite files in them are not in use while they are read.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { childEnv } from "../../scripts/lib/run.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const cache = path.join(root, ".wrangler", "e2e-states");

/** Files under `dir` (recursively), sorted, relative to the project root. */
function filesUnder(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** What the migrated state is a function of: the migration files' text, the code applying them, the config naming the database, workerd's version. */
function migrationsKey(): string {
  const h = createHash("sha256");
  for (const f of [...filesUnder("migrations").filter((f) => f.endsWith(".sql")), "scripts/migrate.ts", "scripts/lib/migrations.ts", "wrangler.toml", "node_modules/workerd/package.json"]) {
    h.update(f).update("\0").update(readFileSync(path.join(root, f))).update("\0");
  }
  return h.digest("hex").slice(0, 16);
}

/**
 * What the demo is a function of besides the migrations: the code the seed script runs (by each
 * file's size and modification time, cheaper than reading a few thousand files) and the day it
 * seeds as of.
 */
function demoKey(): string {
  const h = createHash("sha256").update(migrationsKey());
  for (const f of [...filesUnder("scripts"), ...filesUnder("app"), ...filesUnder("workers")]) {
    const s = statSync(path.join(root, f));
    h.update(`${f}\0${s.size}\0${s.mtimeMs}\0`);
  }
  h.update(new Date().toISOString().slice(0, 10));
  return h.digest("hex").slice(0, 16);
}

function mustRun(cmd: string, args: string[], env: NodeJS.ProcessEnv): void {
  const r = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
}

/** The template named `kind-key`, made by `make(dir)` if missing. Older templates of the same kind are removed. */
function template(kind: string, key: string, make: (dir: string) => void): string {
  const dir = path.join(cache, `${kind}-${key}`);
  if (existsSync(dir)) return dir;
  mkdirSync(cache, { recursive: true });
  // Made aside and renamed into place, so a template that exists is complete even if a run was
  // interrupted, and two test processes making one at once both end with a whole one.
  const work = mkdtempSync(path.join(cache, `.making-${kind}-`));
  try {
    make(work);
    try {
      renameSync(work, dir);
    } catch (error) {
      if (!existsSync(dir)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  for (const old of readdirSync(cache)) {
    if (old.startsWith(`${kind}-`) && old !== `${kind}-${key}`) rmSync(path.join(cache, old), { recursive: true, force: true });
  }
  return dir;
}

function migratedTemplate(): string {
  return template("migrated", migrationsKey(), (dir) =>
    // As `npm start` and a local restore migrate (scripts/lib/migrations.ts: what
    // `wrangler d1 migrations apply DB --local` leaves, table for table and row for row).
    mustRun("node", ["scripts/migrate.ts"], childEnv({ JOURNAL_STATE_DIR: dir })),
  );
}

function demoTemplate(): string {
  const migrated = migratedTemplate();
  return template("demo", demoKey(), (dir) => {
    cpSync(migrated, dir, { recursive: true });
    mustRun("node", ["scripts/seed.ts"], childEnv({ JOURNAL_STATE_DIR: dir }));
  });
}

/** A copy of a template: into `into` (made if missing; anything in it is replaced), or a new temporary folder. */
function copyOf(templateDir: string, into?: string): string {
  if (into) rmSync(into, { recursive: true, force: true });
  const dir = into ?? mkdtempSync(path.join(tmpdir(), "journal-e2e-"));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}

/** A state folder with every migration applied and no data, as `wrangler d1 migrations apply` leaves it (scripts/lib/migrations.ts). */
export function migratedState(into?: string): string {
  return copyOf(migratedTemplate(), into);
}

/** A state folder holding the demo journals as `scripts/seed.ts` makes them today. */
export function demoState(into?: string): string {
  return copyOf(demoTemplate(), into);
}

/** Makes the templates now (npm test does, so their time shows as a phase of its own). */
export function prepareStates(): void {
  demoTemplate();
}
