/**
 * The one-off cleanup migration 0012 asks for, for rows stored before HTML was cleaned on write: every stored HTML field cleaned by
 * the app's own sanitiser, the same function every write now uses.
 *
 *   node scripts/clean-html.ts            the local D1 (run by `npm run db:migrate` and `npm run setup`)
 *   node scripts/clean-html.ts --remote   production, through `wrangler d1 execute --remote`
 *   --force                               run again although the job is marked done
 *
 * It does nothing once the job is done, so it is safe to run after every migration.
 */
import { openLocal } from "./lib/local.ts";
import { wranglerExecutor } from "./lib/admin-user.ts";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const force = args.includes("--force");
const { cleanStoredHtml, d1Runner } = await import("../app/models/html-cleanup.server.ts");
const { cliActor } = await import("../app/models/history.server.ts");
const { osUser } = await import("./lib/operator.ts");
// Each cleaned row's history entry names who ran the command.
const actor = cliActor(osUser());

function report(result: Awaited<ReturnType<typeof cleanStoredHtml>>, where: string): void {
  if (!result.ran) {
    console.log(`HTML cleanup (${where}): nothing to do.`);
    return;
  }
  const { articles, editors, settings } = result.changed;
  console.log(`HTML cleanup (${where}): cleaned ${articles} article(s), ${editors} editor(s), ${settings} journal setting row(s).`);
  if (result.failed.length) {
    console.error(`Not cleaned (fix by hand, then run again):\n  ${result.failed.join("\n  ")}`);
    process.exitCode = 1;
  }
}

if (remote) {
  report(await cleanStoredHtml(wranglerExecutor(["--remote"]), { force, actor }), "production");
} else {
  const { env, dispose } = await openLocal(process.env.JOURNAL_STATE_DIR);
  try {
    report(await cleanStoredHtml(d1Runner(env.DB), { force, actor }), "local");
  } finally {
    await dispose();
  }
}
