/**
 * The scripts (`npm run journal`, `admin-user`, `backup`, the seed…) and the browser-test harness
 * open a local state folder with miniflare directly (scripts/lib/local.ts), not through wrangler's
 * platform proxy. That is only right if they open the same files wrangler and `vite preview` do:
 * the D1 and bucket `wrangler.toml` names read as wrangler reads them, and rows and objects
 * written on one side read back on the other.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { openLocal } from "../../scripts/lib/local.ts";
import { childEnv } from "../../scripts/lib/run.mjs";
import { wranglerBindings } from "../../scripts/lib/wrangler-config.ts";
import { migratedState } from "./states.ts";

const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "journal-local-state-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** wrangler's own reading of a config file: the bindings it would give a Worker. */
function wranglerReading(configPath: string) {
  const { unstable_getMiniflareWorkerOptions } = createRequire(import.meta.url)("wrangler") as typeof import("wrangler");
  const level = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = "error"; // not its note on .dev.vars
  const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath) as unknown as {
    workerOptions: { d1Databases: Record<string, { id: string }>; r2Buckets: Record<string, { id: string }>; compatibilityDate: string; compatibilityFlags: string[] };
  };
  if (level === undefined) delete process.env.WRANGLER_LOG;
  else process.env.WRANGLER_LOG = level;
  return {
    databaseId: workerOptions.d1Databases.DB.id,
    bucketName: workerOptions.r2Buckets.FILES.id,
    compatibilityDate: workerOptions.compatibilityDate,
    compatibilityFlags: workerOptions.compatibilityFlags,
  };
}

test("wrangler.toml's D1, bucket, date and flags are read as wrangler reads them, in the project's file and in a reordered one", () => {
  assert.deepEqual(wranglerBindings(), wranglerReading(path.join(root, "wrangler.toml")));
  // Another database and bucket listed first, keys in another order, comments and a second flag:
  // the DB and FILES bindings are still the ones found.
  const other = path.join(work, "wrangler.toml");
  writeFileSync(
    other,
    [
      'name = "x"',
      'compatibility_flags = [ "nodejs_compat", "global_fetch_strictly_public" ] # two',
      'compatibility_date = "2026-10-15"',
      "[[d1_databases]]",
      'binding = "OTHER"',
      'database_name = "other"',
      'database_id = "11111111-1111-1111-1111-111111111111"',
      "[[d1_databases]]",
      '# binding = "DB" in a comment is not the binding',
      'database_id = "22222222-2222-2222-2222-222222222222"',
      'database_name = "journal-site"',
      'binding = "DB"',
      "[[r2_buckets]]",
      'bucket_name = "the-files"',
      'binding = "FILES"',
      "[[r2_buckets]]",
      'binding = "SPARE"',
      'bucket_name = "spare"',
      "",
    ].join("\n"),
  );
  const mine = wranglerBindings(other);
  assert.deepEqual(mine, wranglerReading(other));
  assert.deepEqual(mine, { databaseId: "22222222-2222-2222-2222-222222222222", bucketName: "the-files", compatibilityDate: "2026-10-15", compatibilityFlags: ["nodejs_compat", "global_fetch_strictly_public"] });
});

test("a row wrangler's CLI writes is read by openLocal, and a row and an object openLocal writes are read by wrangler's CLI", async () => {
  const state = migratedState(path.join(work, "state"));
  const wrangler = (...args: string[]) => {
    const r = spawnSync("wrangler", [...args, "--local", "--persist-to", state, "--config", "wrangler.toml"], { cwd: root, env: childEnv(), encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    return r.stdout;
  };
  wrangler("d1", "execute", "DB", "--command", "INSERT INTO journals (slug, name) VALUES ('from-cli', 'Written by wrangler')");
  const local = await openLocal(state);
  try {
    const row = await local.env.DB.prepare("SELECT name FROM journals WHERE slug = 'from-cli'").first<{ name: string }>();
    assert.equal(row?.name, "Written by wrangler");
    await local.env.DB.prepare("INSERT INTO journals (slug, name) VALUES ('from-local', 'Written by openLocal')").run();
    await local.env.FILES.put("checks/local.txt", "bytes from openLocal ✓");
  } finally {
    await local.dispose();
  }
  const out = wrangler("d1", "execute", "DB", "--json", "--command", "SELECT name FROM journals WHERE slug = 'from-local'");
  assert.deepEqual((JSON.parse(out) as { results: { name: string }[] }[])[0].results, [{ name: "Written by openLocal" }]);
  const file = path.join(work, "object.txt");
  wrangler("r2", "object", "get", `${wranglerBindings().bucketName}/checks/local.txt`, "--file", file);
  assert.equal(readFileSync(file, "utf8"), "bytes from openLocal ✓");
});
