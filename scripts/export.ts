/**
 * A rows-only SQL dump of the D1 data, for reading or for loading into another SQLite. It is not
 * a backup: stored files are not in it (`npm run backup` makes backups: rows, files and a
 * verified manifest). `wrangler d1 export` refuses databases with FTS5 virtual tables, so this
 * dumps the rows of every ordinary table as INSERT statements instead (the same tables a backup
 * holds, scripts/lib/tables.ts); the schema comes from migrations/ and the dump ends by
 * re-filling the search indexes as their triggers would.
 *
 *   npm run export                       local D1 (.wrangler/state) → backups/journal-<date>.sql
 *   npm run export -- --out file.sql     choose the file
 *   npm run export -- --persist-to dir   a local D1 kept elsewhere (as wrangler's --persist-to;
 *                                        JOURNAL_STATE_DIR works too)
 *   npm run export -- --remote           the production D1 (needs `wrangler login`)
 *
 * Load into an empty database:
 *   npx wrangler d1 migrations apply DB [--local|--remote]
 *   npx wrangler d1 execute DB [--local|--remote] --file backups/journal-<date>.sql
 */
import "./lib/ts-resolve.mjs";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dumpedTables, SEARCH_INDEX_REFILL, sqlLiteral, tableRows } from "./lib/tables.ts";
import { localTarget, wranglerTarget } from "./lib/targets.ts";

const HELP = `Write a restorable SQL dump of the D1 rows (every row of the ordinary tables, then the search
indexes re-filled), where \`wrangler d1 export\` refuses because of the FTS5 search index. Rows only,
no stored files: for backups use npm run backup.

usage: npm run export [-- options]

  --out FILE          the file to write (default backups/journal-<date>.sql)
  --persist-to DIR    a local D1 kept elsewhere than .wrangler/state (as wrangler's flag;
                      JOURNAL_STATE_DIR works too)
  --remote            the production D1 (log in with \`npx wrangler login\` first)
  --help              this text

Load it into an empty database: apply the migrations, then the dump
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

const source = remote ? wranglerTarget(["--remote"]) : await localTarget(stateDir);
try {
  const tables = await dumpedTables(source);
  const lines: string[] = [
    `-- journal-site data export (rows only, no stored files), ${new Date().toISOString()}, ${remote ? "remote" : "local"} D1`,
    "-- Restore: apply migrations/ to an empty database first, then execute this file.",
    "PRAGMA defer_foreign_keys = ON;",
  ];
  let total = 0;
  for (const table of tables) {
    let count = 0;
    for await (const rows of tableRows(source.query, table)) {
      for (const row of rows) {
        // OR REPLACE: a row the migrations wrote (a maintenance job they flag) gives way to the dump's.
        lines.push(`INSERT OR REPLACE INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")}) VALUES (${table.columns.map((c) => sqlLiteral(row[c])).join(", ")});`);
      }
      count += rows.length;
    }
    console.log(`  ${table.name}: ${count} rows`);
    total += count;
  }
  if (tables.some((t) => t.name === "articles")) lines.push(...SEARCH_INDEX_REFILL.map((s) => `${s};`));
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, `${lines.join("\n")}\n`);
  console.log(`Wrote ${total} rows from ${tables.length} tables to ${out}`);
} finally {
  await source.close();
}
