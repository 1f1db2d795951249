import { describe, expect, it } from "vitest";

/**
 * The data layer's boundary (docs/decisions/009-code-layout.md, 013-page-reads.md): only
 * app/models queries D1. Routes, Hono handlers, components and everything else call a model
 * function — for a page, its one read function — and never import drizzle-orm, call
 * `db.batch`, or import a model's `…Query` builder to assemble a batch themselves.
 * (app/db holds the schema and the client, which are drizzle by nature.)
 */
const sources = import.meta.glob(["/app/**/*.{ts,tsx}", "/workers/**/*.ts", "!**/*.test.{ts,tsx}", "!**/+types/**"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

const outside = Object.entries(sources).filter(([file]) => !file.startsWith("/app/models/") && !file.startsWith("/app/db/"));

/** The import clauses of a file: `import … from "x"` and `export … from "x"`, with their names. */
function imports(source: string): { names: string; from: string }[] {
  const found: { names: string; from: string }[] = [];
  const re = /^\s*(?:import|export)\s+(?:type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']/gm;
  for (const m of source.matchAll(re)) found.push({ names: m[1], from: m[2] });
  for (const m of source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) found.push({ names: "", from: m[1] });
  return found;
}

/** Breaches of the rule in one file's text, as readable lines. */
export function layerBreaches(source: string): string[] {
  const out: string[] = [];
  for (const i of imports(source)) {
    if (/^drizzle-orm(\/|$)/.test(i.from)) out.push(`imports ${i.from}`);
    const queries = i.names.match(/\b\w+Query\b/g);
    if (queries && /(^|\/)models\//.test(i.from)) out.push(`imports ${queries.join(", ")} from ${i.from}`);
  }
  // A batch of Drizzle queries (db.batch, getDb(…).batch, session.db.batch …).
  for (const m of source.matchAll(/\b(?:\w+\.)*db\s*\)?\s*\.batch\s*\(/gi)) out.push(`calls ${m[0].trim()}`);
  return out;
}

describe("only app/models queries D1", () => {
  it("sees the tree (the glob is not empty)", () => {
    expect(outside.length).toBeGreaterThan(50);
    expect(outside.some(([f]) => f === "/workers/api/pdf.ts")).toBe(true);
    expect(outside.some(([f]) => f === "/app/routes/public/article.tsx")).toBe(true);
  });

  it("catches each kind of breach", () => {
    expect(layerBreaches('import { and, eq } from "drizzle-orm";')).toEqual(["imports drizzle-orm"]);
    expect(layerBreaches('import { sql } from "drizzle-orm/sql";')).toEqual(["imports drizzle-orm/sql"]);
    expect(layerBreaches('import {\n  publicArticleByRefQuery,\n  getArticleById,\n} from "../../models/articles.server";')).toEqual([
      "imports publicArticleByRefQuery from ../../models/articles.server",
    ]);
    expect(layerBreaches("const [a, b] = await db.batch([x, y]);")).toEqual(["calls db.batch("]);
    expect(layerBreaches("await session.db.batch([x]);")).toEqual(["calls session.db.batch("]);
    expect(layerBreaches("await getDb(env.DB).batch([x]);")).toEqual(["calls env.DB).batch("]);
    expect(layerBreaches('import { readArticlePage } from "../../models/pages.server";\nconst q = searchQuery;')).toEqual([]);
  });

  it("no file outside app/models imports drizzle-orm, calls db.batch or imports a …Query builder", () => {
    const breaches = outside.flatMap(([file, source]) => layerBreaches(source).map((b) => `${file}: ${b}`));
    expect(breaches).toEqual([]);
  });
});
