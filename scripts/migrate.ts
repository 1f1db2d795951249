/**
 * migrations/ applied to the local D1 (JOURNAL_STATE_DIR, or .wrangler/state), with the result
 * `wrangler d1 migrations apply DB --local` gives, in a fraction of its time
 * (scripts/lib/migrations.ts). Run by `npm run db:migrate` and `npm run setup`; production is
 * migrated with `npx wrangler d1 migrations apply DB --remote`.
 *
 *   node scripts/migrate.ts
 */
import { migrateFolder } from "./lib/migrations.ts";

const applied = await migrateFolder(process.env.JOURNAL_STATE_DIR || undefined);
console.log(applied.length ? `Migrations applied to the local D1: ${applied.join(", ")}` : "Migrations: none to apply to the local D1.");
