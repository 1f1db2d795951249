// Lets Node scripts (npm run journal, the seed, the node tests) import the app's TypeScript
// modules, which use extensionless relative imports as Vite and React Router do: a relative
// specifier that does not resolve is tried again with `.ts`, `.tsx` and `/index.ts`.
// Imported first by scripts/lib/local.ts and scripts/journal.ts, which then load app modules
// with dynamic import().
//
// It also resolves a package's own relative imports (`./sql/sql.js` inside drizzle-orm) without
// Node's resolver, which spends ≈ 1 ms per module there: Node 22 finds a module's format from
// its package.json and, reading it, parses the package's whole `exports` field every time (a
// spread of the object whose lazy getter parses it, in internal/modules/package_json_reader.js).
// drizzle-orm's `exports` is 175 KB and the app loads about 150 of its modules, so every script
// and test process that opens the database paid ≈ 0.2 s of CPU for it. Such a specifier names a
// file exactly (no `exports` map applies to relative imports): its URL is the file's real path,
// and its format comes from the extension or the nearest package.json's `type`, read once per
// package here. Anything else goes to Node: a file that is not there, a bare or `#` specifier, and
// a `.js` file whose package.json names no `type` (Node then looks at the syntax to decide).
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SUFFIXES = [".ts", ".tsx", "/index.ts"];

/** The `type` the package.json nearest above a directory names ("module" or "commonjs"), else null; by directory. */
const packageTypes = new Map();
function packageType(dir) {
  if (packageTypes.has(dir)) return packageTypes.get(dir);
  let type = null;
  const file = path.join(dir, "package.json");
  if (existsSync(file)) {
    const named = JSON.parse(readFileSync(file, "utf8")).type;
    type = named === "module" || named === "commonjs" ? named : null;
  } else if (path.dirname(dir) !== dir) type = packageType(path.dirname(dir));
  packageTypes.set(dir, type);
  return type;
}

/** A relative import with an extension, from a module inside node_modules, resolved directly; else null. */
function packageRelative(specifier, parentURL) {
  if (!parentURL?.startsWith("file:") || !parentURL.includes("/node_modules/")) return null;
  if (!(specifier.startsWith("./") || specifier.startsWith("../"))) return null;
  const ext = /\.(mjs|cjs|js)$/.exec(specifier)?.[1];
  if (!ext) return null;
  const file = fileURLToPath(new URL(specifier, parentURL));
  if (!existsSync(file)) return null;
  const real = realpathSync(file);
  const format = ext === "mjs" ? "module" : ext === "cjs" ? "commonjs" : packageType(path.dirname(real));
  return format ? { url: pathToFileURL(real).href, format, shortCircuit: true } : null;
}

const installed = Symbol.for("journal-site.ts-resolve");
if (!globalThis[installed]) {
  globalThis[installed] = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const direct = packageRelative(specifier, context.parentURL);
      if (direct) return direct;
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        const relative = specifier.startsWith("./") || specifier.startsWith("../");
        if (!relative || !["ERR_MODULE_NOT_FOUND", "ERR_UNSUPPORTED_DIR_IMPORT"].includes(error?.code) || /\.[cm]?[jt]sx?$/.test(specifier)) throw error;
        for (const suffix of SUFFIXES) {
          try {
            return nextResolve(specifier + suffix, context);
          } catch {
            /* try the next */
          }
        }
        throw error;
      }
    },
  });
}
