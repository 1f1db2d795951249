/**
 * JavaScript shipped to a page: the module scripts and modulepreloads its HTML references,
 * summed as gzip sizes of the files in build/client. The yardstick is a bare React Router app
 * (root + one index route, same package versions: it reuses this project's node_modules through
 * a symlink), built and rendered the same way. Its root below is deliberately not the app's
 * (app/root.tsx): it is the floor the app's own shell is measured against, so it must stay bare.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { exec, root } from "./server.ts";

export const gzipSize = (bytes: Uint8Array | string): number => gzipSync(bytes, { level: 9 }).length;

/** `/assets/….js` files a page's HTML loads up front (module scripts, dynamic entry import, modulepreloads). */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.m?js)"/g)) urls.add(m[1]);
  // React Router's inline module script: import("/assets/entry.client-….js") / import "…".
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(/(?:\bimport\s*\(?|\bfrom)\s*["']([^"']+\.m?js)["']/g)) urls.add(i[1]);
  }
  return [...urls].map((u) => new URL(u, "http://x").pathname);
}

export interface JsBytes {
  files: number;
  raw: number;
  gzip: number;
}

/** Sums raw and gzip sizes of the scripts a page loads, read from `clientDir`. */
export function jsBytes(html: string, clientDir: string): JsBytes {
  let raw = 0;
  let gzip = 0;
  const files = scriptUrls(html);
  for (const url of files) {
    const bytes = readFileSync(path.join(clientDir, decodeURIComponent(url)));
    raw += bytes.length;
    gzip += gzipSize(bytes);
  }
  return { files: files.length, raw, gzip };
}

const BARE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "bare-react-router", private: true, type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { jsx: "react-jsx", module: "ESNext", moduleResolution: "bundler", target: "ES2022", strict: true } }),
  "react-router.config.ts": `export default { ssr: true };\n`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";\nimport { defineConfig } from "vite";\nexport default defineConfig({ plugins: [reactRouter()] });\n`,
  "app/routes.ts": `import { type RouteConfig, index } from "@react-router/dev/routes";\nexport default [index("routes/home.tsx")] satisfies RouteConfig;\n`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
`,
  "app/routes/home.tsx": `export function meta() {
  return [{ title: "Bare React Router app" }];
}

export default function Home() {
  return <main><h1>Hello</h1><p>A bare React Router app: one root, one index route.</p></main>;
}
`,
  // Web-streams rendering (no @react-router/node needed); the server entry does not change the client JS.
  "app/entry.server.tsx": `import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToReadableStream } from "react-dom/server";

export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const body = await renderToReadableStream(<ServerRouter context={context} url={request.url} />);
  await body.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers, status });
}
`,
};

/** Builds the bare app in `dir` and renders its page in-process; returns its JS and HTML bytes. */
export async function bareApp(dir: string): Promise<{ js: JsBytes; html: number; htmlGzip: number }> {
  for (const [file, text] of Object.entries(BARE)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  exec("react-router", ["build"], dir);
  const build = await import(pathToFileURL(path.join(dir, "build/server/index.js")).href);
  const { createRequestHandler } = await import("react-router");
  const handler = createRequestHandler(build, "production");
  const res = await handler(new Request("http://localhost/"));
  const html = await res.text();
  if (res.status !== 200) throw new Error(`bare app answered ${res.status}: ${html.slice(0, 300)}`);
  return { js: jsBytes(html, path.join(dir, "build/client")), html: Buffer.byteLength(html), htmlGzip: gzipSize(html) };
}
