/**
 * The build's rewrites of React's and React Router's server code (scripts/lib/render-hot-paths.ts,
 * docs/decisions/037-render-hot-paths.md): each still finds its text in the installed package,
 * keeps the file's lines, answers exactly what the code it replaces answers, and is in the
 * Worker that `npm test` built.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { HOT_PATH_REWRITES, installedFile, rewriteHotPaths } from "../../scripts/lib/render-hot-paths.ts";

const root = path.resolve(import.meta.dirname, "../..");
const files = [...new Set(HOT_PATH_REWRITES.map((r) => r.file))];

test("each rewrite finds its text once in the installed package and keeps the file's lines", () => {
  for (const file of files) {
    const original = readFileSync(installedFile(file), "utf8");
    const rewritten = rewriteHotPaths(file, original);
    assert.notEqual(rewritten, original, file);
    assert.equal(rewritten.split("\n").length, original.split("\n").length, `${file}: the source map's lines stay true`);
    for (const r of HOT_PATH_REWRITES.filter((x) => x.file === file)) assert.ok(rewritten.includes(r.replace), r.name);
  }
  assert.throws(() => rewriteHotPaths(files[0], "function stringToChunk(content) { return content; }"), /not in .* exactly once/);
});

test("React's stringToChunk, rewritten, gives the platform encoder's bytes for every kind of string", () => {
  const file = "react-dom/cjs/react-dom-server.edge.production.js";
  const source = rewriteHotPaths(file, readFileSync(installedFile(file), "utf8"));
  const fn = /function stringToChunk\(content\) \{[\s\S]*?\n\}/.exec(source)![0];
  const encoder = new TextEncoder();
  let nativeCalls = 0;
  const counting = { encode: (s: string) => (nativeCalls++, encoder.encode(s)) };
  const stringToChunk = new Function("textEncoder", `${fn}; return stringToChunk;`)(counting) as (s: string) => Uint8Array;
  const samples = [
    "",
    "a",
    'class="side-card"',
    "x".repeat(96),
    "x".repeat(97),
    "Café in Zürich",
    "ऋग्वेद",
    "水稻",
    "emoji 🌾 pair",
    "lone \ud800 surrogate",
    "\u007f\u0080",
    "tab\tnew\nline\u0000nul",
    "é".repeat(200),
  ];
  for (const s of samples) assert.deepEqual([...stringToChunk(s)], [...encoder.encode(s)], JSON.stringify(s));
  // Short ASCII strings never reach the platform's encoder; the rest do.
  nativeCalls = 0;
  for (const s of ["", "a", 'class="side-card"', "x".repeat(96)]) stringToChunk(s);
  assert.equal(nativeCalls, 0);
  for (const s of ["x".repeat(97), "Café", "🌾"]) stringToChunk(s);
  assert.equal(nativeCalls, 3);
});

test("React Router's getPartialManifest, rewritten, names the same routes and matches each ancestor path once", async () => {
  const file = "react-router/dist/production/lib/dom/ssr/fog-of-war.js";
  const installed = installedFile(file);
  // Inside the project, so the modules' bare imports ("react") resolve to its packages.
  mkdirSync(path.join(root, "node_modules", ".cache"), { recursive: true });
  const dir = mkdtempSync(path.join(root, "node_modules", ".cache", "hot-paths-"));
  try {
    // Both versions as modules of their own, their relative imports pointed at the package.
    const load = async (name: string, code: string) => {
      const abs = code.replace(/from "(\.{1,2}\/[^"]+)"/g, (_m, rel: string) => `from "${pathToFileURL(path.resolve(path.dirname(installed), rel)).href}"`);
      writeFileSync(path.join(dir, name), abs);
      return (await import(pathToFileURL(path.join(dir, name)).href)) as { getPartialManifest: (m: unknown, r: unknown) => { routes: Record<string, unknown>; sri?: boolean } };
    };
    const original = readFileSync(installed, "utf8");
    const before = await load("before.mjs", original);
    const after = await load("after.mjs", rewriteHotPaths(file, original));
    // A route table like the journal's: the home page, the archives, an issue, an article.
    const routes: Record<string, { id: string }> = Object.fromEntries(["root", "layout", "home", "archives", "year", "issue", "article", "admin"].map((id) => [id, { id }]));
    const manifest = { url: "/assets/manifest.js", version: "1", routes, sri: { "/assets/a.js": "sha384-x" } };
    const table: [RegExp, string[]][] = [
      [/^\/$/, ["root", "layout", "home"]],
      [/^\/archives$/, ["root", "layout", "archives"]],
      [/^\/archives\/\d+$/, ["root", "layout", "year"]],
      [/^\/archives\/\d+\/\d+\/\d+$/, ["root", "layout", "issue"]],
      [/^\/archives\/\d+\/\d+\/\d+\/\d+$/, ["root", "layout", "article"]],
    ];
    const asked: string[] = [];
    const router = (pathname: string) => {
      const ids = (p: string) => table.find(([re]) => re.test(p))?.[1] ?? null;
      return {
        state: { location: { pathname }, matches: ids(pathname)!.map((id) => ({ route: { id } })) },
        match: (p: string) => {
          asked.push(p);
          return ids(p)?.map((id) => ({ route: { id } })) ?? null;
        },
      };
    };
    const pages = ["/archives/2025/26/12/1000042", "/archives/2025/26/12/1000043", "/archives/2025/26/11/1000001", "/"];
    for (const page of pages) {
      asked.length = 0;
      const want = before.getPartialManifest(manifest, router(page));
      const wantAsked = [...asked];
      asked.length = 0;
      assert.deepEqual(after.getPartialManifest(manifest, router(page)), want, page);
      // The first article asks for each ancestor as before; its sibling asks for none again.
      if (page === pages[0]) assert.deepEqual(asked, wantAsked);
      if (page === pages[1]) assert.deepEqual(asked, []);
      if (page === pages[2]) assert.deepEqual(asked, ["/archives/2025/26/11"]);
    }
    assert.deepEqual(Object.keys(after.getPartialManifest(manifest, router(pages[0])).routes).sort(), ["archives", "article", "home", "issue", "layout", "root", "year"]);
    // Another build's table (a new manifest) is matched afresh.
    asked.length = 0;
    after.getPartialManifest({ ...manifest, routes: { ...routes } }, router(pages[0]));
    assert.equal(asked.length, 5);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the Worker that npm test built carries both rewrites", () => {
  const server = path.join(root, "build", "server");
  assert.ok(existsSync(server), "run `npx react-router build` first (npm test does)");
  const code = ["index.js", ...readdirSync(path.join(server, "assets")).filter((f) => f.endsWith(".js")).map((f) => `assets/${f}`)]
    .map((f) => readFileSync(path.join(server, f), "utf8"))
    .join("\n");
  assert.match(code, /function stringToChunk\(content\) \{\s*var length = content\.length, chunk = length > 96/);
  assert.match(code, /ancestorRouteIds\.get\(manifest\.routes\)/);
});
