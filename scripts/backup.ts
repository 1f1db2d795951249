/**
 * `npm run backup -- DIR`: one self-contained, verified backup of the journals — rows of every
 * table that matters, every stored file a row references, and a manifest with the count, size and
 * SHA-256 of every part (scripts/lib/backup.ts; docs/decisions/022-backups.md). Run with --help.
 */
import "./lib/ts-resolve.mjs";
import path from "node:path";
import { Refused, verifyBackup, writeBackup } from "./lib/backup.ts";
import { openTarget } from "./lib/targets.ts";

const HELP = `Back up the journals: rows, stored files and a manifest, verified as they are written.

usage: npm run backup -- DIR [--journal SLUG] [--remote] [--since EARLIER_DIR]
       npm run backup -- --verify DIR

  DIR            a new folder (e.g. backups/2026-11-27), or the folder of an interrupted run,
                 which is then finished: files it already holds are kept once they hash right
  --journal SLUG only this journal's rows and files (tables without journal rows are left out)
  --remote       production: D1 and R2 through wrangler (log in with \`npx wrangler login\` first)
  --since DIR    copy files an earlier backup already holds instead of fetching them again
                 (default: the newest complete backup in DIR's parent folder)
  --verify DIR   re-hash every part of a backup against its manifest, restore nothing;
                 exit 1 on any mismatch
  --help         this text

Without --remote it reads the local D1 and R2 (JOURNAL_STATE_DIR picks another state folder).
Restore with \`npm run restore -- DIR\`.`;

const args = process.argv.slice(2);
const take = (name: string): string | undefined => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const [, value] = args.splice(i, 2);
  if (value === undefined || value.startsWith("--")) throw new Refused(`${name} needs a value.`);
  return value;
};
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
  const verify = take("--verify");
  if (verify !== undefined) {
    if (args.length) throw new Refused(`Unexpected '${args[0]}' (--verify takes one folder).`);
    const { manifest, problems } = verifyBackup(verify);
    if (!manifest || problems.length) {
      console.error(`The backup in ${verify} does NOT verify (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n  ${problems.join("\n  ")}`);
      return 1;
    }
    console.log(
      `The backup in ${verify} verifies: ${manifest.tables.length} tables, ${manifest.totals.rows} rows, ${manifest.totals.objects} files (${manifest.totals.objectBytes} bytes), every SHA-256 as recorded (made ${manifest.created}${manifest.journal ? `, journal ${manifest.journal}` : ""}).`,
    );
    if (manifest.missing.length) console.log(`It records ${manifest.missing.length} file(s) that were already missing when it was made (npm run storage-check lists them).`);
    return 0;
  }
  const journal = take("--journal");
  const since = take("--since");
  const remote = flag("--remote");
  const unknown = args.find((a) => a.startsWith("-"));
  if (unknown) throw new Refused(`Unknown option ${unknown} (npm run backup -- --help lists them).`);
  if (args.length !== 1) throw new Refused("Name one folder to write the backup into: npm run backup -- backups/2026-11-27 (--help explains).");
  const dir = args[0];
  const target = await openTarget(remote);
  try {
    console.log(`Backing up ${journal ? `journal '${journal}' of ` : ""}${target.label} into ${dir}…`);
    const r = await writeBackup(target, dir, { journal, since: since === undefined ? undefined : path.resolve(since), source: remote ? "remote" : "local", log: console.log });
    const m = r.manifest;
    console.log(`  files: ${m.totals.objects} (${m.totals.objectBytes} bytes): ${r.fetched} fetched, ${r.copied} copied from ${r.since ?? "(no earlier backup)"}, ${r.resumed} kept from the interrupted run`);
    console.log(`Backup written and verified: ${dir}/manifest.json (${m.tables.length} tables, ${m.totals.rows} rows, ${m.totals.objects} files).`);
    if (m.leftOut.length) console.log(`Left out of a one-journal backup (no journal rows): ${m.leftOut.join(", ")}.`);
    if (m.missing.length) {
      console.error(`WARNING: ${m.missing.length} file(s) referenced by rows were missing at the source (recorded in the manifest):\n  ${m.missing.map((x) => `${x.key ?? "(no key)"} ← ${x.referencedBy}`).join("\n  ")}`);
      return 1;
    }
    return 0;
  } finally {
    await target.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Refused ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
