import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * What names the D1 and R2 in `wrangler.toml`: the D1 bound as DB (its database_id names
 * the SQLite file), the bucket bound as FILES, and the Worker's compatibility date and flags.
 * Read here without loading wrangler (a second of CPU); `test/e2e/commands.test.ts` checks the
 * answer against wrangler's own reading of the file.
 */
export function wranglerBindings(configPath = path.join(root, "wrangler.toml")) {
  const text = readFileSync(configPath, "utf8").replace(/^\s*#.*$/gm, "");
  const block = (table: string, binding: string): string => {
    const found = text.split(/^\s*(?=\[)/m).find((b) => b.startsWith(`[[${table}]]`) && new RegExp(`^\\s*binding\\s*=\\s*"${binding}"\\s*$`, "m").test(b));
    if (!found) throw new Error(`wrangler.toml has no ${table} entry bound as ${binding}`);
    return found;
  };
  const value = (section: string, key: string): string => {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"\\s*$`, "m").exec(section);
    if (!m) throw new Error(`wrangler.toml: no ${key}`);
    return m[1];
  };
  const top = text.split(/^\s*\[/m)[0];
  const flags = /^\s*compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(top)?.[1] ?? "";
  return {
    databaseId: value(block("d1_databases", "DB"), "database_id"),
    bucketName: value(block("r2_buckets", "FILES"), "bucket_name"),
    compatibilityDate: value(top, "compatibility_date"),
    compatibilityFlags: [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1]),
  };
}
