// node:test's runner over test files in the order given, N at a time, with the spec reporter:
// `node scripts/lib/test-files.mjs N file…` (npm test's browser phase). The `node --test` command
// sorts the files by name whatever order they are given in; run() starts them in the order given,
// so the longest can go first.
import path from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";

const [concurrency, ...files] = process.argv.slice(2);
const stream = run({ files: files.map((f) => path.resolve(f)), concurrency: Math.max(1, Number(concurrency) || 1) });
stream.on("test:fail", () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
