// Document benchmarks in workerd: `node scripts/documents/bench.mjs`.
// Runs test/workers/pdf-bench.test.ts (skipped in normal test runs) and prints its figures.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const result = spawnSync(path.join(root, "node_modules/.bin/vitest"), ["run", "test/workers/pdf-bench.test.ts", "--reporter=dot", "--silent=false"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PATH: `${path.join(root, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
    VITE_PDF_BENCH: "1",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
  },
});
process.exit(result.status ?? 1);
