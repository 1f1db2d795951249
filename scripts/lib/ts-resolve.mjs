// Lets Node scripts (npm run journal, the seed, the node tests) import the app's TypeScript
// modules, which use extensionless relative imports as Vite and React Router do: a relative
// specifier that does not resolve is tried again with `.ts`, `.tsx` and `/index.ts`.
// Imported first by scripts/lib/local.ts and scripts/journal.ts, which then load app modules
// with dynamic import().
import { registerHooks } from "node:module";

const SUFFIXES = [".ts", ".tsx", "/index.ts"];

const installed = Symbol.for("journal-site.ts-resolve");
if (!globalThis[installed]) {
  globalThis[installed] = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
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
