/**
 * The writes of `npm run admin-user`, as SQL with `?` parameters, and two ways to run them:
 * the local D1 (bound parameters through miniflare, scripts/lib/local.ts) and `wrangler d1 execute`
 * (local or `--remote`), which takes no parameters — there every value is inlined as a hex
 * blob literal cast to text (`cast(x'…' as text)`), so no input can change the statement.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

export type SqlValue = string | number | null;
export interface Statement {
  sql: string;
  params: SqlValue[];
}

/** attemptLogin (app/models/users.server.ts) records at most this much of a username. */
const ATTEMPT_USERNAME_CHARS = 200;
const JOURNAL = "(select id from journals where slug = ?)";

/**
 * Creates the user or resets an existing one: new password hash, status (a reset re-enables
 * unless disabling), the name when one is given (else a new user is named after the username
 * and an existing one keeps its name), the role when one is given (a new user is an admin by
 * default, as every account was before roles), and — as upsertUser does — `session_epoch + 1`,
 * which revokes every token and device cookie issued before the reset. The user's failed
 * sign-ins are forgotten, so a locked-out user can sign in at once.
 */
export function resetStatements(u: {
  slug: string;
  username: string;
  passwordHash: string;
  name?: string;
  role?: "admin" | "editor";
  status: "enabled" | "disabled";
}): Statement[] {
  return [
    {
      sql: `insert into users (journal_id, username, name, password_hash, status, role)
            select id, ?, coalesce(?, ?), ?, ?, coalesce(?, 'admin') from journals where slug = ?
            on conflict(journal_id, username) do update set
              password_hash = excluded.password_hash,
              status = excluded.status,
              name = case when ? is null then users.name else excluded.name end,
              role = case when ? is null then users.role else excluded.role end,
              session_epoch = users.session_epoch + 1`,
      params: [u.username, u.name ?? null, u.username, u.passwordHash, u.status, u.role ?? null, u.slug, u.name ?? null, u.role ?? null],
    },
    clearAttempts(u.slug, u.username),
    ...(u.status === "disabled" ? [endSessions(u.slug, u.username)] : []),
  ];
}

const USER = `(select id from users where journal_id = ${JOURNAL} and username = ?)`;

function endSessions(slug: string, username: string): Statement {
  return { sql: `delete from staff_sessions where user_id = ${USER}`, params: [slug, username] };
}

/**
 * Disables an existing user without touching the password: their sessions end at once (rows
 * gone, epoch on — tokens and device cookies of before stop working), as on the Staff page.
 */
export function disableStatements(u: { slug: string; username: string }): Statement[] {
  return [
    {
      sql: `update users set status = 'disabled', session_epoch = session_epoch + 1 where journal_id = ${JOURNAL} and username = ? and status <> 'disabled'`,
      params: [u.slug, u.username],
    },
    endSessions(u.slug, u.username),
  ];
}

/** Gives an existing user another role. */
export function roleStatements(u: { slug: string; username: string; role: "admin" | "editor" }): Statement[] {
  return [{ sql: `update users set role = ? where journal_id = ${JOURNAL} and username = ?`, params: [u.role, u.slug, u.username] }];
}

/** Turns the user's two-factor sign-in off: the secret and every recovery code go. */
export function resetTwoFactorStatements(u: { slug: string; username: string }): Statement[] {
  return [
    {
      sql: `update users set totp_secret = '', totp_pending = '', totp_last_step = 0, totp_enabled_at = null where journal_id = ${JOURNAL} and username = ?`,
      params: [u.slug, u.username],
    },
    { sql: `delete from staff_recovery_codes where user_id = ${USER}`, params: [u.slug, u.username] },
  ];
}

/** Who runs the command, for the journal's history: the OS user (`cli:{name}`; one rule: ./operator.ts). */
export async function operatorName(): Promise<string> {
  const { osUser } = await import("./operator.ts");
  return osUser();
}

/**
 * A history entry about a user, written by the command line (app/models/history.server.ts; the
 * record's id is looked up by the slug and username inside the statement, so it can go into
 * the same batch that creates the user). Loaded on use: the app's modules need the resolve hook.
 */
export async function userHistoryStatement(
  slug: string,
  username: string,
  action: string,
  fields: Record<string, { before?: string | null; after?: string | null }> = {},
): Promise<Statement> {
  const { historyStatement, cliActor } = await import("../../app/models/history.server.ts");
  const { sql } = await import("drizzle-orm");
  const id = sql`(select cast(id as text) from users where journal_id = (select id from journals where slug = ${slug}) and username = ${username})`;
  return historyStatement(slug, { actor: cliActor(await operatorName()), action, type: "user", id, fields });
}

function clearAttempts(slug: string, username: string): Statement {
  return {
    sql: `delete from login_attempts where journal_id = ${JOURNAL} and username = ?`,
    params: [slug, username.slice(0, ATTEMPT_USERNAME_CHARS)],
  };
}

export const journalQuery = (slug: string): Statement => ({ sql: "select id from journals where slug = ?", params: [slug] });
export const journalsQuery: Statement = { sql: "select slug from journals order by id", params: [] };
export const userQuery = (slug: string, username: string): Statement => ({
  sql: `select id, username, name, status, role, session_epoch from users where journal_id = ${JOURNAL} and username = ?`,
  params: [slug, username],
});

/** A statement with its parameters written into it as literals (for `wrangler d1 execute`). */
export function inline(s: Statement): string {
  let i = 0;
  const sql = s.sql.replace(/\?/g, () => {
    if (i >= s.params.length) throw new Error("more placeholders than parameters");
    const v = s.params[i++];
    if (v === null) return "null";
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw new Error("not a finite number");
      return String(v);
    }
    return `cast(x'${Buffer.from(v, "utf8").toString("hex")}' as text)`;
  });
  if (i !== s.params.length) throw new Error("more parameters than placeholders");
  return sql;
}

/** Runs statements in one batch; returns the rows of each. */
export type Executor = (statements: Statement[]) => Promise<Record<string, unknown>[][]>;

export function d1Executor(db: D1Database): Executor {
  return async (statements) => {
    const results = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
    return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
  };
}

/**
 * `wrangler d1 execute DB <target…> --json --command "<inlined statements>"`; target is
 * `["--remote"]` for production, or `["--local", "--persist-to", dir]`.
 */
export function wranglerExecutor(target: string[], cwd = path.resolve(import.meta.dirname, "../..")): Executor {
  return async (statements) => {
    const command = statements.map((s) => inline(s).replace(/\s+/g, " ").trim()).join("; ");
    const r = spawnSync("wrangler", ["d1", "execute", "DB", ...target, "--json", "--yes", "--command", command], {
      cwd,
      encoding: "utf8",
      env: {
        ...process.env,
        PATH: `${path.join(cwd, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
        WRANGLER_SEND_METRICS: "false",
        // Its --json answer is printed at the "log" level (openLocal lowers it for its own use).
        WRANGLER_LOG: "log",
      },
    });
    if (r.status !== 0) {
      throw new Error(`wrangler d1 execute failed (exit ${r.status ?? r.signal}):\n${r.stderr || r.stdout}`);
    }
    const start = r.stdout.indexOf("[");
    const parsed = JSON.parse(start >= 0 ? r.stdout.slice(start) : r.stdout) as { results?: Record<string, unknown>[] }[];
    return parsed.map((p) => p.results ?? []);
  };
}
