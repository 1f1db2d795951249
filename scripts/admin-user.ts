/**
 * Create or reset a journal's admin user in the local D1:
 *
 *   npm run admin-user -- <journal-slug> <username> <password> [--name "Full Name"] [--disable]
 *
 * For production, run the same SQL through `wrangler d1 execute --remote` (see README).
 */
import { openLocal, upsertAdmin } from "./lib/local.ts";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const name = flag("--name");
const disable = args.includes("--disable");
const [slug, username, password] = args.filter((a) => a !== "--disable");
if (!slug || !username || !password) {
  console.error('usage: npm run admin-user -- <journal-slug> <username> <password> [--name "Full Name"] [--disable]');
  process.exit(2);
}
if (password.length < 10) {
  console.error("Choose a password of at least 10 characters.");
  process.exit(2);
}
const { env, dispose } = await openLocal(process.env.JOURNAL_STATE_DIR);
try {
  const journal = await env.DB.prepare("select id from journals where slug = ?").bind(slug).first<{ id: number }>();
  if (!journal) {
    const all = await env.DB.prepare("select slug from journals order by id").all<{ slug: string }>();
    console.error(`No journal '${slug}'. Journals: ${all.results.map((r) => r.slug).join(", ") || "(none)"}`);
    process.exitCode = 1;
  } else {
    await upsertAdmin(env.DB, journal.id, { username, password, name, status: disable ? "disabled" : "enabled" });
    console.log(`User '${username}' of journal '${slug}' is ${disable ? "disabled" : "ready to sign in"}.`);
  }
} finally {
  await dispose();
}
