/**
 * The writes of `npm run admin-user`, as SQL with `?` parameters, and two ways to run them:
 * the local D1 (bound parameters through wrangler's platform proxy) and `wrangler d1 execute`
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
 * and an existing one keeps its name), and — as upsertUser does — `session_epoch + 1`, which
 * revokes every token issued before the reset. The user's failed sign-ins are forgotten, so a
 * locked-out user can sign in at once.
 */
export function resetStatements(u: {
  slug: string;
  username: string;
  passwordHash: string;
  name?: string;
  status: "enabled" | "disabled";
}): Statement[] {
  return [
    {
      sql: `insert into users (journal_id, username, name, password_hash, status)
            select id, ?, coalesce(?, ?), ?, ? from journals where slug = ?
            on conflict(journal_id, username) do update set
              password_hash = excluded.password_hash,
              status = excluded.status,
              name = case when ? is null then users.name else excluded.name end,
              session_epoch = users.session_epoch + 1`,
      params: [u.username, u.name ?? null, u.username, u.passwordHash, u.status, u.slug, u.name ?? null],
    },
    clearAttempts(u.slug, u.username),
  ];
}

/** Disables an existing user without touching the password. */
export function disableStatements(u: { slug: string; username: string }): Statement[] {
  return [
    { sql: `update users set status = 'disabled' where journal_id = ${JOURNAL} and username = ?`, params: [u.slug, u.username] },
  ];
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
  sql: `select id, username, name, status, session_epoch from users where journal_id = ${JOURNAL} and username = ?`,
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
