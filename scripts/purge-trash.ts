/**
 * `npm run purge-trash`: what the daily Cron Trigger does in production (the `scheduled`
 * handler of workers/app.ts), for the local D1 and R2: every journal's articles that went to the
 * trash more than 30 days ago are deleted for good, their PDF first, each with its history
 * entry (docs/decisions/021-trash-and-issue-corrections.md). JOURNAL_STATE_DIR picks another
 * state folder. `--dry-run` lists what would go.
 */
import { openLocal } from "./lib/local.ts";

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const unknown = args.find((a) => a !== "--dry-run");
if (unknown) {
  console.error(`Unknown option ${unknown}.\nusage: npm run purge-trash [-- --dry-run]`);
  process.exit(2);
}
const { purgeTrash, expiredTrash } = await import("../app/models/article-corrections.server.ts");
const { getDb } = await import("../app/db/client.server.ts");

const { env, dispose } = await openLocal(process.env.JOURNAL_STATE_DIR);
try {
  const db = getDb(env.DB);
  if (dryRun) {
    const rows = await expiredTrash(db);
    console.log(rows.length ? rows.map((r) => `journal ${r.journalId}: article ${r.refnumber} (trashed ${r.trashedAt})`).join("\n") : "Nothing in the trash is older than 30 days.");
  } else {
    const { purged } = await purgeTrash(env, db);
    console.log(purged.length ? `Deleted for good: ${purged.map((p) => `journal ${p.journalId} article ${p.refnumber}`).join(", ")}.` : "Nothing in the trash is older than 30 days.");
  }
} finally {
  await dispose();
}
