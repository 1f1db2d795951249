/**
 * `npm run restore -- DIR`: puts a backup made by `npm run backup` into an empty local state (the
 * default one, or JOURNAL_STATE_DIR) or, with --remote, into production; refuses a state that
 * holds data unless --force. Run with --help.
 */
import "./lib/ts-resolve.mjs";
import { Refused, restoreBackup } from "./lib/backup.ts";
import { openTarget } from "./lib/targets.ts";

const HELP = `Restore a backup made by \`npm run backup\`.

usage: npm run restore -- DIR [--remote] [--force]

  DIR       the backup folder (its manifest.json and every part are verified first; a backup
            that does not verify is refused and nothing is written)
  --remote  into production: D1 and R2 through wrangler (log in with \`npx wrangler login\`)
  --force   the target holds data: replace it (a whole-deployment backup replaces every
            journal and stored file; a one-journal backup replaces that journal only)
  --help    this text

Without --remote it restores into the local state folder (.wrangler/state, or
JOURNAL_STATE_DIR), creating it if needed: migrations are applied up to the backup's, the rows
go in, the later migrations run over them, then the files; row counts and files are checked.
Staff sign in again afterwards (sign-in sessions are not part of a backup).`;

const args = process.argv.slice(2);
const flag = (name: string): boolean => {
  const i = args.indexOf(name);
  if (i !== -1) args.splice(i, 1);
  return i !== -1;
};

async function main(): Promise<number> {
  if (flag("--help") || flag("-h")) {
    console.log(HELP);
    return 0;
  }
  const remote = flag("--remote");
  const force = flag("--force");
  const unknown = args.find((a) => a.startsWith("-"));
  if (unknown) throw new Refused(`Unknown option ${unknown} (npm run restore -- --help lists them).`);
  if (args.length !== 1) throw new Refused("Name the backup folder: npm run restore -- backups/2026-11-27 (--help explains).");
  const dir = args[0];
  console.log(`Restoring ${dir}…`);
  const r = await restoreBackup(() => openTarget(remote), dir, { force, log: console.log });
  const rows = Object.values(r.rows).reduce((n, x) => n + x, 0);
  console.log(`Restored ${rows} rows in ${Object.keys(r.rows).length} tables and ${r.objects} files${r.replaced ? " (replacing what was there)" : ""}; counts checked.`);
  // Jobs the source had not run yet (maintenance_jobs came with the rows) are still pending, as
  // they were there: the usual `npm run db:migrate` (or clean-html.ts --remote) runs them.
  if (remote) console.log("Check production's files with `npm run storage-check -- --remote`.");
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Refused ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
