/**
 * Two measured hot spots in the Worker's copies of React's and React Router's server code,
 * rewritten at build time (docs/decisions/037-render-hot-paths.md). Each rewrite names the exact
 * text it replaces: a dependency update that changes that text fails the build (and the test in
 * test/e2e/render-hot-paths.test.ts) instead of silently dropping the rewrite.
 *
 * - React's streaming renderer turns every piece of markup it writes (an attribute value, a text
 *   node, a class name: about 1,000 per article page) into bytes with `TextEncoder.encode`. In
 *   workerd each call crosses into the runtime (0.35–0.5 µs); a short ASCII string is copied in
 *   JavaScript in a third of that. Anything longer or not ASCII still goes to the encoder.
 * - React Router's `<Scripts>` matches every ancestor of the page's path against all routes on
 *   each render to name the routes the browser may need first ("/", "/archives",
 *   "/archives/2025", …). Those answers depend only on the build's route table, so they are kept
 *   per path (bounded), and the articles of one issue share them.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

interface HotPathRewrite {
  /** What it is for, in the build's error if the text is gone. */
  name: string;
  /** The file, below node_modules, in the form the bundler sees its id. */
  file: string;
  find: string;
  replace: string;
}

/**
 * Copies short ASCII strings into bytes in JavaScript; the platform's encoder does the rest.
 * Written on as many lines as the text it replaces, so the bundle's source map stays true.
 */
const STRING_TO_CHUNK = `function stringToChunk(content) {
  var length = content.length, chunk = length > 96 ? null : new Uint8Array(length); for (var i = 0; chunk && i < length; i++) { var code = content.charCodeAt(i); if (code > 127) chunk = null; else chunk[i] = code; } return chunk || textEncoder.encode(content);
}`;

export const HOT_PATH_REWRITES: HotPathRewrite[] = [
  {
    name: "React's stringToChunk: short ASCII strings without a call into the runtime",
    file: "react-dom/cjs/react-dom-server.edge.production.js",
    find: `function stringToChunk(content) {
  return textEncoder.encode(content);
}`,
    replace: STRING_TO_CHUNK,
  },
  {
    name: "React Router's getPartialManifest: each ancestor path matched once per build",
    file: "react-router/dist/production/lib/dom/ssr/fog-of-war.js",
    find: `	paths.forEach((path) => {
		let matches = router.match(path);
		if (matches) matches.forEach((m) => routeIds.add(m.route.id));
	});`,
    replace: `	let known = ancestorRouteIds.get(manifest.routes) || new Map(); ancestorRouteIds.set(manifest.routes, known);
	paths.forEach((path) => {
		let ids = known.get(path); if (!ids) { ids = (router.match(path) || []).map((m) => m.route.id); if (known.size >= 4096) known.clear(); known.set(path, ids); }
		ids.forEach((id) => routeIds.add(id)); });`,
  },
  {
    name: "React Router's getPartialManifest: the table of ancestor answers, per build's routes",
    file: "react-router/dist/production/lib/dom/ssr/fog-of-war.js",
    find: `function getPartialManifest({ sri, ...manifest }, router) {`,
    replace: `const ancestorRouteIds = new WeakMap(); function getPartialManifest({ sri, ...manifest }, router) {`,
  },
];

/** `code` with every rewrite for `file` applied; throws when a rewrite's text is not there exactly once or its lines differ. */
export function rewriteHotPaths(file: string, code: string): string {
  for (const r of HOT_PATH_REWRITES.filter((x) => x.file === file)) {
    const at = code.indexOf(r.find);
    if (at === -1 || code.indexOf(r.find, at + 1) !== -1) {
      throw new Error(`${r.name}: the text to replace is not in ${file} exactly once (a dependency update?). See docs/decisions/037-render-hot-paths.md.`);
    }
    if (r.replace.split("\n").length !== r.find.split("\n").length) throw new Error(`${r.name}: the rewrite must keep the replaced text's lines.`);
    code = code.slice(0, at) + r.replace + code.slice(at + r.find.length);
  }
  return code;
}

/** The file below node_modules that a module id names, or null. */
function packageFile(id: string): string | null {
  const at = id.replace(/\\/g, "/").lastIndexOf("/node_modules/");
  return at === -1 ? null : id.slice(at + "/node_modules/".length).replace(/\\/g, "/").split("?")[0];
}

/** The build's plugin: the Worker's bundle only (the browser's has neither renderer nor `<Scripts>` manifest). */
export function renderHotPaths(): Plugin {
  const files = new Set(HOT_PATH_REWRITES.map((r) => r.file));
  const done = new Set<string>();
  return {
    name: "journal:render-hot-paths",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    enforce: "pre",
    transform(code, id) {
      const file = packageFile(id);
      if (!file || !files.has(file)) return null;
      done.add(file);
      // Each rewrite keeps its lines (and everything after it its place): the map stays true.
      return { code: rewriteHotPaths(file, code), map: null };
    },
    buildEnd(error) {
      const missed = [...files].filter((f) => !done.has(f));
      if (!error && missed.length) this.error(`render-hot-paths: ${missed.join(", ")} never reached the Worker's bundle (moved in a dependency update?).`);
    },
  };
}

/** Where a rewritten file is installed (for the test that reads it). */
export function installedFile(file: string): string {
  const require = createRequire(import.meta.url);
  const [scope, name] = file.split("/");
  const pkg = scope.startsWith("@") ? `${scope}/${name}` : scope;
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file.slice(pkg.length + 1));
}
