/**
 * Node-side access to the local D1/R2 that `react-router dev`, `vite preview` and `wrangler`
 * use (through wrangler's platform proxy), plus the few writes scripts need: the seed, the
 * admin-user command and the browser-test harness share them.
 */
// Before the app modules below are imported (dynamically): they use extensionless imports.
import "./ts-resolve.mjs";
import { createRequire, enableCompileCache } from "node:module";
// Node keeps the compiled code of what follows (wrangler and miniflare are megabytes) for the next command.
enableCompileCache?.(new URL("../../node_modules/.cache/node-compile", import.meta.url).pathname);
// Required, not imported: wrangler is one large CommonJS bundle, and an ESM import of it makes
// Node scan the whole file for its export names first (≈ 0.2 s of every command that opens the
// local D1).
const { getPlatformProxy } = createRequire(import.meta.url)("wrangler") as typeof import("wrangler");
import type { SettingValues } from "../../app/models/journals.server.ts";
import { hashPassword } from "../../app/lib/password.server.ts";

/** `stateDir` is the folder given to JOURNAL_STATE_DIR / --persist-to (default .wrangler/state). */
export async function openLocal(stateDir = ".wrangler/state") {
  // Wrangler's notes ("Using secrets defined in .dev.vars") would mix into scripts' output
  // (`npm run journal -- list --json`); its warnings and errors still show.
  process.env.WRANGLER_LOG ??= "warn";
  return getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${stateDir}/v3` } });
}

/** The app's journal model, loaded once the resolve hook is in place. */
export const appModels = () => import("../../app/models/journals.server.ts");

/**
 * Creates a journal in a local D1 through the app's own `createJournal` (the code behind `npm run
 * journal -- add`): its hostnames (the first is the primary) and complete default settings,
 * with `settings` on top. All or nothing.
 */
export async function insertJournal(
  db: D1Database,
  j: { slug: string; name: string; hosts: string[]; settings?: SettingValues; listed?: boolean },
): Promise<number> {
  const { createJournal } = await appModels();
  const { getDb } = await import("../../app/db/client.server.ts");
  return createJournal(getDb(db), { ...j, hosts: j.hosts.map((h) => h.toLowerCase()) });
}

/**
 * Creates an admin user, or resets the password (and re-enables) an existing one; a reset bumps
 * the session epoch, as upsertUser in app/models/users.server.ts does, so older tokens stop working.
 */
export async function upsertAdmin(
  db: D1Database,
  journalId: number,
  u: { username: string; password: string; name?: string; status?: "enabled" | "disabled" },
): Promise<void> {
  const hash = await hashPassword(u.password);
  await db
    .prepare(
      `insert into users (journal_id, username, name, password_hash, status) values (?, ?, ?, ?, ?)
       on conflict(journal_id, username) do update set password_hash = excluded.password_hash, name = excluded.name, status = excluded.status,
         session_epoch = users.session_epoch + 1`,
    )
    .bind(journalId, u.username, u.name ?? u.username, hash, u.status ?? "enabled")
    .run();
}
