/**
 * Restorable SQL dump of the D1 data. `wrangler d1 export` refuses databases with FTS5 virtual
 * tables, so this dumps the rows of every ordinary table as INSERT statements instead; the
 * schema comes from migrations/ and the dump ends by re-filling the search indexes: the enabled
 * articles in the public one (what the triggers of migrations/0002 keep in it), the disabled
 * ones in the staff search's (migrations/0015).
 *
 *   npm run export                       local D1 (.wrangler/state) → backups/journal-<date>.sql
 *   npm run export -- --out file.sql     choose the file
 *   npm run export -- --persist-to dir   a local D1 kept elsewhere (as wrangler's --persist-to;
 *                                        JOURNAL_STATE_DIR works too)
 *   npm run export -- --remote           the production D1 (needs `wrangler login`)
 *
 * Restore into an empty database:
 *   npx wrangler d1 migrations apply DB [--local|--remote]
 *   npx wrangler d1 execute DB [--local|--remote] --file backups/journal-<date>.sql
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

type Row = Record<string, unknown>;

const HELP = `Write a restorable SQL dump of the D1 data (every row of the ordinary tables, then the search
indexes re-filled), where \`wrangler d1 export\` refuses because of the FTS5 search index.

usage: npm run export [-- options]

  --out FILE          the file to write (default backups/journal-<date>.sql)
  --persist-to DIR    a local D1 kept elsewhere than .wrangler/state (as wrangler's flag;
                      JOURNAL_STATE_DIR works too)
  --remote            the production D1 (log in with \`npx wrangler login\` first)
  --help              this text

Restore into an empty database: apply the migrations, then the dump
  npx wrangler d1 migrations apply DB --local
  npx wrangler d1 execute DB --local --file backups/journal-<date>.sql`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}
const TAKES_VALUE = new Set(["--out", "--persist-to"]);
for (let i = 0; i < args.length; i++) {
  if (TAKES_VALUE.has(args[i]) && args[i + 1] !== undefined && !args[i + 1].startsWith("--")) i++;
  else if (args[i] !== "--remote") {
    console.error(`${TAKES_VALUE.has(args[i]) ? `${args[i]} needs a value.` : `Unknown option ${args[i]}.`}\n\n${HELP}`);
    process.exit(2);
  }
}
const remote = args.includes("--remote");
const outIndex = args.indexOf("--out");
const out = outIndex !== -1 ? args[outIndex + 1] : path.join("backups", `journal-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.sql`);
const persistIndex = args.indexOf("--persist-to");
const stateDir = persistIndex !== -1 ? args[persistIndex + 1] : process.env.JOURNAL_STATE_DIR;

// Tables that are derived or transient: FTS5 index (+ its shadow tables), D1/SQLite internals,
// migration bookkeeping (recreated by `migrations apply`, maintenance_jobs included: a restore
// re-runs the idempotent jobs), throttling counters, sign-in sessions (staff sign in again after
// a restore), remembered form submissions (kept a day) and one-time set-password links (a day
// at most; an admin makes a new one).
const SKIP = /^(articles_fts.*|sqlite_.*|_cf_.*|d1_migrations|maintenance_jobs|login_attempts|staff_sessions|form_submissions|staff_password_links)$/;

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `X'${Buffer.from(bytes).toString("hex")}'`;
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}

interface Source {
  all(sql: string): Promise<Row[]>;
  close(): Promise<void>;
}

async function localSource(): Promise<Source> {
  const { openLocal } = await import("./lib/local.ts");
  const { env, dispose } = await openLocal(stateDir);
  return {
    all: async (sql) => (await env.DB.prepare(sql).all<Row>()).results,
    close: dispose,
  };
}

function remoteSource(): Source {
  return {
    async all(sql) {
      const res = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--remote", "--json", "--config", "wrangler.toml", "--command", sql], {
        encoding: "utf8",
        maxBuffer: 512 * 1024 * 1024,
      });
      if (res.status !== 0) throw new Error(`wrangler failed: ${res.stderr || res.stdout}`);
      const parsed = JSON.parse(res.stdout) as { results: Row[] }[];
      return parsed[0]?.results ?? [];
    },
    async close() {},
  };
}

const source = remote ? remoteSource() : await localSource();
try {
  const tables = (await source.all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
    .map((r) => String(r.name))
    .filter((name) => !SKIP.test(name));
  const lines: string[] = [
    `-- journal-site data export, ${new Date().toISOString()}, ${remote ? "remote" : "local"} D1`,
    "-- Restore: apply migrations/ to an empty database first, then execute this file.",
    "PRAGMA defer_foreign_keys = ON;",
  ];
  let total = 0;
  for (const table of tables) {
    const PAGE = 1000;
    let count = 0;
    for (let offset = 0; ; offset += PAGE) {
      const rows = await source.all(`SELECT * FROM "${table}" ORDER BY rowid LIMIT ${PAGE} OFFSET ${offset}`);
      for (const row of rows) {
        const cols = Object.keys(row);
        lines.push(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map((c) => literal(row[c])).join(", ")});`);
      }
      count += rows.length;
      if (rows.length < PAGE) break;
    }
    console.log(`  ${table}: ${count} rows`);
    total += count;
  }
  // The search indexes must hold exactly what the triggers put there: enabled articles only in
  // articles_fts (migrations/0002), disabled ones only in articles_fts_disabled (0015). FTS5's
  // 'rebuild' would read every row of `articles`, whatever its status, and the update/delete
  // triggers only remove entries of rows of their own status, so an article indexed that way
  // would stay in the wrong index for good (a disabled one searchable by readers). The insert
  // triggers have already indexed the rows above; clearing and re-filling each index with its
  // trigger's own column list and condition makes the dump's result independent of that.
  if (tables.includes("articles")) {
    lines.push(
      "INSERT INTO `articles_fts`(`articles_fts`) VALUES ('delete-all');",
      "INSERT INTO `articles_fts`(`rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`)" +
        " SELECT `id`, `search_title`, `authorname`, `keywords`, `search_abstract` FROM `articles` WHERE `status` = 'enabled';",
      // Staff search's index of the disabled articles (migrations/0015), re-filled the same way.
      "INSERT INTO `articles_fts_disabled`(`articles_fts_disabled`) VALUES ('delete-all');",
      "INSERT INTO `articles_fts_disabled`(`rowid`, `search_title`, `authorname`)" +
        " SELECT `id`, `search_title`, `authorname` FROM `articles` WHERE `status` = 'disabled';",
    );
  }
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, `${lines.join("\n")}\n`);
  console.log(`Wrote ${total} rows from ${tables.length} tables to ${out}`);
} finally {
  await source.close();
}
