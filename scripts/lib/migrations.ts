/**
 * migrations/ applied to a local D1 already open in this process, with the result
 * `wrangler d1 migrations apply DB --local` gives: wrangler's own `d1_migrations` table (the same
 * definition, so `wrangler d1 migrations list|apply --local` afterwards finds nothing to do), the
 * files in wrangler's order, each file split into statements by the splitter wrangler uses
 * (`readD1Migrations`, published by Cloudflare for this purpose and the one the workerd tests apply
 * every migration with), and each file with its bookkeeping row in one batch (one transaction).
 *
 * Wrangler starts a miniflare (a workerd) for every file it applies locally: about 8 s of CPU for
 * an empty folder, paid by every first `npm start`, every local `npm run restore` and, many times
 * over, by the test suite. Production (`--remote`) still goes through wrangler.
 */
import path from "node:path";
import { root } from "./run.mjs";

/** wrangler's table, as `getCreateMigrationsTableQuery` writes it (wrangler 4). */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** Each migration file (its name and its statements, split as wrangler splits them), in the order wrangler applies them. */
async function migrationFiles(): Promise<{ name: string; queries: string[] }[]> {
  const { readD1Migrations } = await import("@cloudflare/vitest-plugin");
  return readD1Migrations(path.join(root, "migrations"));
}

/**
 * Applies the migrations `db` has not had (only those named in `only`, when given), in order;
 * returns the names applied. A failing file changes nothing of its own and stops the run.
 */
export async function applyLocalMigrations(db: D1Database, only?: string[]): Promise<string[]> {
  await db.prepare(CREATE_TABLE).run();
  const applied = new Set((await db.prepare(`SELECT name FROM "d1_migrations" ORDER BY id`).all<{ name: string }>()).results.map((r) => r.name));
  const done: string[] = [];
  for (const m of await migrationFiles()) {
    if (applied.has(m.name) || (only && !only.includes(m.name))) continue;
    try {
      await db.batch([...m.queries.map((q) => db.prepare(q)), db.prepare(`INSERT INTO "d1_migrations" (name) VALUES (?)`).bind(m.name)]);
    } catch (error) {
      throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
    }
    done.push(m.name);
  }
  return done;
}

/** A local state folder (what --persist-to / JOURNAL_STATE_DIR name; made if missing) migrated; the names applied (scripts/migrate.ts). */
export async function migrateFolder(stateDir = ".wrangler/state"): Promise<string[]> {
  const { openLocal } = await import("./local.ts");
  const local = await openLocal(stateDir);
  try {
    return await applyLocalMigrations(local.env.DB);
  } finally {
    await local.dispose();
  }
}
