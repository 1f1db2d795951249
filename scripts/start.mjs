// `npm start`: everything a fresh clone needs, then the dev server.
import { ensureInstalled, run, start } from "./lib/run.mjs";

ensureInstalled();
run("node", ["scripts/setup.mjs"]);
const port = process.env.PORT || "5173";
console.log(`\nServing on http://localhost:${port}/ (journal A) and http://journal-b.localhost:${port}/ (journal B)\n`);
const child = start("react-router", ["dev", "--port", port]);
child.on("exit", (code) => process.exit(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
