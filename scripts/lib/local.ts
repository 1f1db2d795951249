/**
 * Node-side access to the local D1/R2 that `react-router dev`, `vite preview` and `wrangler`
 * use, plus the few writes scripts need: the seed, the admin-user command and the browser-test
 * harness share them.
 */
// Before the app modules below are imported (dynamically): they use extensionless imports.
import "./ts-resolve.mjs";
import { createRequire, enableCompileCache } from "node:module";
import path from "node:path";
// Node keeps the compiled code of what follows (miniflare is megabytes) for the next command.
enableCompileCache?.(new URL("../../node_modules/.cache/node-compile", import.meta.url).pathname);
// Required, not imported: one large CommonJS bundle, whose ESM import would make Node scan the
// whole file for its export names first.
const { Miniflare, convertV4MiniflareOptions } = createRequire(import.meta.url)("miniflare") as typeof import("miniflare");
import type { SettingValues } from "../../app/models/journals.server.ts";
import { hashPassword } from "../../app/lib/password.server.ts";
import { wranglerBindings } from "./wrangler-config.ts";

/** The two bindings scripts use: every model function they call reads only these. */
export type LocalEnv = Pick<Env, "DB" | "FILES">;

/**
 * The local D1 and R2 kept in `stateDir` (the folder given to JOURNAL_STATE_DIR / --persist-to;
 * default .wrangler/state), opened with miniflare as wrangler's platform proxy opens them: the
 * same database id and bucket name under `${stateDir}/v3`, so the same SQLite files. Miniflare is
 * asked directly because loading wrangler to ask it cost each command 0.7 s of CPU, and the test
 * suite runs about a hundred commands and servers that open a state folder.
 */
export async function openLocal(stateDir = ".wrangler/state"): Promise<{ env: LocalEnv; dispose(): Promise<void> }> {
  const c = wranglerBindings();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      script: "",
      modules: true,
      compatibilityDate: c.compatibilityDate,
      compatibilityFlags: c.compatibilityFlags,
      d1Databases: { DB: c.databaseId },
      r2Buckets: { FILES: c.bucketName },
      resourcePersistencePath: path.resolve(stateDir, "v3"),
    }),
  );
  const env = await mf.getBindings<LocalEnv>();
  return { env, dispose: () => mf.dispose() };
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
