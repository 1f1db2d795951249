// `npm run bench`: plain JavaScript so it also starts on a machine whose Node predates the
// project's Node 22 (a fresh clone): install from the lock if needed, then run the benchmark
// (TypeScript, run by the project's Node 22 with type stripping). See scripts/bench/bench.ts.
import { spawnSync } from "node:child_process";
import { childEnv, ensureInstalled, root } from "../lib/run.mjs";

ensureInstalled();
const result = spawnSync("node", ["scripts/bench/bench.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit", env: childEnv() });
process.exit(result.status ?? 1);
