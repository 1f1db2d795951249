// Installs packages if needed, creates .dev.vars with a fresh random JWT secret if there is
// none, applies migrations to the local D1 and seeds the demo journals.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureInstalled, root, run } from "./lib/run.mjs";

ensureInstalled();
const devVars = path.join(root, ".dev.vars");
if (!existsSync(devVars)) {
  const example = readFileSync(path.join(root, ".dev.vars.example"), "utf8");
  writeFileSync(devVars, example.replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${randomBytes(32).toString("base64url")}`));
  console.log("Created .dev.vars with a random JWT_SECRET.");
}
console.log("Applying migrations to the local D1…");
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml"]);
console.log("Seeding demo data…");
run("node", ["scripts/seed.ts"]);
