/**
 * The conversion migration 0029 asks for: every article's byline (`authorname`) stored as a
 * list of people (`authors`), split by the site's name rule; names it could not split with
 * confidence are listed for staff to check on the article form (docs/decisions/028).
 *
 *   node scripts/structure-authors.ts            the local D1 (run by `npm run db:migrate` and `npm run setup`)
 *   node scripts/structure-authors.ts --remote   production, through `wrangler d1 execute --remote`
 *   --force                                      run again although the job is marked done
 *
 * It does nothing once the job is done, so it is safe to run after every migration.
 */
import { openLocal } from "./lib/local.ts";
import { wranglerExecutor } from "./lib/admin-user.ts";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const force = args.includes("--force");
const { structureStoredAuthors } = await import("../app/models/author-conversion.server.ts");
const { d1Runner } = await import("../app/models/html-cleanup.server.ts");
const { cliActor } = await import("../app/models/history.server.ts");
const { osUser } = await import("./lib/operator.ts");
const actor = cliActor(osUser());

function report(result: Awaited<ReturnType<typeof structureStoredAuthors>>, where: string): void {
  if (!result.ran) {
    console.log(`Authors as people (${where}): nothing to do.`);
    return;
  }
  console.log(`Authors as people (${where}): converted ${result.converted} article byline(s).`);
  if (result.unsplit.length) {
    console.log(`Check these ${result.unsplit.length} name(s) on the article form (given and family name):`);
    for (const u of result.unsplit) console.log(`  ${u.journal} ${u.refnumber} author ${u.position} "${u.name}": ${u.reason}`);
  }
  if (result.failed.length) {
    console.error(`Not converted (run again; readers split these bylines meanwhile):\n  ${result.failed.join("\n  ")}`);
    process.exitCode = 1;
  }
}

if (remote) {
  report(await structureStoredAuthors(wranglerExecutor(["--remote"]), { force, actor }), "production");
} else {
  const { env, dispose } = await openLocal(process.env.JOURNAL_STATE_DIR);
  try {
    report(await structureStoredAuthors(d1Runner(env.DB), { force, actor }), "local");
  } finally {
    await dispose();
  }
}
