/**
 * One React server renderer in the built Worker. react-dom/server's `workerd` entry is a
 * CommonJS file that re-exports two renderers — the streaming one the app uses
 * (renderToReadableStream, app/entry.server.tsx) and the legacy renderToString build — and a
 * bundler cannot drop the unused half of CommonJS. The production build of the Worker resolves
 * `react-dom/server` to the streaming renderer's own file; the dev server and the tests keep the
 * package's entry (with React's development warnings).
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

export function edgeRendererOnly(): Plugin {
  const reactDom = path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json"));
  return {
    name: "journal:edge-renderer-only",
    apply: "build",
    enforce: "pre",
    resolveId(id) {
      if (id !== "react-dom/server" || this.environment?.name !== "ssr") return null;
      return path.join(reactDom, "cjs/react-dom-server.edge.production.js");
    },
  };
}
