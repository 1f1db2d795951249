// Installs packages if needed, creates .dev.vars with a fresh random JWT secret if there is
// none, applies migrations to the local D1 and seeds the demo journals.
import { ensureDevVars, ensureInstalled, run } from "./lib/run.mjs";

ensureInstalled();
ensureDevVars();
console.log("Applying migrations to the local D1…");
// What `wrangler d1 migrations apply DB --local` leaves, without a workerd per file (scripts/migrate.ts).
run("node", ["scripts/migrate.ts"]);
// Migration 0012 asks for a one-off clean of stored HTML that only the app's sanitiser can do.
run("node", ["scripts/clean-html.ts"]);
// Migration 0029 asks for the bylines to be stored as people, split by the app's name rule.
run("node", ["scripts/structure-authors.ts"]);
console.log("Seeding demo data…");
run("node", ["scripts/seed.ts"]);
