/**
 * Node-side access to the local D1/R2 that `react-router dev`, `vite preview` and `wrangler`
 * use (through wrangler's platform proxy), plus the few writes scripts need: the seed, the
 * admin-user command and the browser-test harness share them.
 */
import { getPlatformProxy } from "wrangler";
import { hashPassword } from "../../app/utils/password.server.ts";

/** `stateDir` is the folder given to JOURNAL_STATE_DIR / --persist-to (default .wrangler/state). */
export async function openLocal(stateDir = ".wrangler/state") {
  return getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${stateDir}/v3` } });
}

const SETTING_COLUMNS: Record<string, string> = { nassScore: "nass_score", nassScoreYear: "nass_score_year" };

export async function insertJournal(
  db: D1Database,
  j: { slug: string; name: string; hosts: string[]; settings: Record<string, string | boolean> },
): Promise<number> {
  const row = await db
    .prepare("insert into journals (slug, name) values (?, ?) returning id")
    .bind(j.slug, j.name)
    .first<{ id: number }>();
  const id = row!.id;
  const settings = { websitename: j.name, ...j.settings };
  const cols = Object.keys(settings).map((k) => SETTING_COLUMNS[k] ?? k);
  const values = Object.values(settings).map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v));
  await db.batch([
    db
      .prepare(`insert into settings (journal_id, ${cols.join(", ")}, updated_at) values (?, ${cols.map(() => "?").join(", ")}, ?)`)
      .bind(id, ...values, new Date().toISOString()),
    ...j.hosts.map((h) =>
      db
        .prepare("insert into journal_hosts (hostname, journal_id) values (?, ?) on conflict(hostname) do update set journal_id = excluded.journal_id")
        .bind(h.toLowerCase(), id),
    ),
  ]);
  return id;
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
