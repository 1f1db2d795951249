// `npm run bench`: plain JavaScript so it also starts on a machine whose Node predates the
// project's Node 22 (a fresh clone): install from the lock if needed, then run the benchmark
// (TypeScript, run by the project's Node 22 with type stripping). See scripts/bench/bench.ts.
import { spawnSync } from "node:child_process";
import { childEnv, ensureInstalled, root } from "../lib/run.mjs";

const HELP = `Benchmark the production build: reader pages, search, documents, JavaScript bytes and the
edge cache at 1k, 10k and 100k generated articles, each figure a ratio within one run, against
its budget (README, "Benchmarks"). About 3 minutes on a 2-core machine; exits 1 when a budget is
missed. Builds in a temp copy and seeds a throw-away local D1: nothing of yours is touched, but
docs/bench/results.md is rewritten.

usage: npm run bench [-- options]

  --quick        fewer requests (a smoke run; figures are rougher)
  --lighthouse   also Lighthouse (mobile) on home, issue and article (needs Chromium; fetches
                 lighthouse with npx the first time): about 4 minutes more
  --head         measure the last commit's app instead of the working tree
  --keep         keep the temp folder (build, state) for inspection
  --no-write     print the table only; leave docs/bench/results.md alone
  --help         this text`;

const OPTIONS = new Set(["--quick", "--lighthouse", "--head", "--keep", "--no-write"]);
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}
// A mistyped option must not start a run of several minutes.
const unknown = args.find((a) => !OPTIONS.has(a));
if (unknown) {
  console.error(`Unknown option ${unknown}.\n\n${HELP}`);
  process.exit(2);
}

ensureInstalled();
const result = spawnSync("node", ["scripts/bench/bench.ts", ...args], { cwd: root, stdio: "inherit", env: childEnv() });
process.exit(result.status ?? 1);
