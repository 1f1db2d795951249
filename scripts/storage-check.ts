/**
 * `npm run storage-check [--remote]`: stored objects no row references (orphans) and rows whose
 * object is missing, from the same list of references backups use
 * (app/models/stored-objects.server.ts). Exit 1 when it finds any. Run with --help.
 */
import "./lib/ts-resolve.mjs";
import { localTarget, remoteBindingsTarget, type Target } from "./lib/targets.ts";

const HELP = `Compare what the rows reference with what storage holds.

usage: npm run storage-check [-- --remote] [--journal SLUG]

Lists stored objects that no row references (orphans: left by an interrupted upload or removal)
and rows whose object is missing (a PDF, picture, logo, signature or stamp that would 404).
Link-preview images are derived and re-made on demand, so they are counted but never orphans.
Exit 0 when both lists are empty, 1 otherwise.

  --remote        production, through wrangler's remote bindings (\`npx wrangler login\` first)
  --journal SLUG  one journal's rows and objects only
  --help          this text

Without --remote it checks the local D1 and R2 (JOURNAL_STATE_DIR picks another state folder).`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}
const remote = args.includes("--remote");
const journalAt = args.indexOf("--journal");
const journal = journalAt === -1 ? undefined : args[journalAt + 1];
const known = new Set(["--remote", "--journal", journal]);
const unknown = args.find((a) => !known.has(a));
if (unknown !== undefined || (journalAt !== -1 && (!journal || journal.startsWith("--")))) {
  console.error(unknown !== undefined ? `Unknown argument '${unknown}' (npm run storage-check -- --help).` : "--journal needs a slug.");
  process.exit(1);
}

const { storedObjectRowsStatement, objectReferences, compareStorage } = await import("../app/models/stored-objects.server.ts");
let target: Target | undefined;
try {
  target = remote ? await remoteBindingsTarget() : await localTarget(process.env.JOURNAL_STATE_DIR || ".wrangler/state");
  let prefix = "journals/";
  if (journal !== undefined) {
    const [row] = await target.query("SELECT id FROM journals WHERE slug = ?", [journal]);
    if (!row) throw new Error(`No journal '${journal}'.`);
    prefix = `journals/${row.id}/`;
  }
  const statement = storedObjectRowsStatement(journal);
  const report = compareStorage(objectReferences(await target.query(statement.sql, statement.params)), await target.listObjects!(prefix));
  console.log(`Storage check of ${journal ? `journal '${journal}' in ` : ""}${target.label}: ${report.referenced} objects referenced by rows, ${report.stored} stored (${report.derived} derived link previews).`);
  console.log(`${report.orphans.length} orphan${report.orphans.length === 1 ? "" : "s"} (stored, referenced by no row)${report.orphans.length ? ":" : "."}`);
  for (const key of report.orphans) console.log(`  ${key}`);
  console.log(`${report.missing.length} missing (referenced by a row, not stored)${report.missing.length ? ":" : "."}`);
  for (const m of report.missing) console.log(`  ${m.key ?? `(invalid name ${JSON.stringify(m.name)})`} ← ${m.table} #${m.rowId} ${m.column}`);
  process.exitCode = report.orphans.length || report.missing.length ? 1 : 0;
} catch (error) {
  console.error(`Storage check failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await target?.close();
}
