/**
 * Optional (`npm run bench -- --lighthouse`): Lighthouse in mobile emulation on the home, issue
 * and article pages, through `npx -y lighthouse@<pinned>` and Debian's Chromium. Pages are
 * loaded by their journal's *.localhost name (Chromium resolves those to the loopback address).
 * Any failure (no Chromium, npx cannot fetch the package offline) becomes a note in the table,
 * never a failed run.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import zlib from "node:zlib";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM, CHROMIUM_ARGS } from "../lib/chromium.mjs";
import { childEnv } from "../lib/run.mjs";
import { root } from "./server.ts";

export const LIGHTHOUSE_VERSION = "13.5.0";
const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = 5;

export interface LighthouseScores {
  version: string;
  pages: Record<string, Record<string, number | null> | { error: string }>;
  note?: string;
}

/**
 * A loopback proxy that brotli-compresses text responses, as Cloudflare does at the edge for
 * every Worker and static-asset response; `vite preview` serves everything uncompressed, which
 * no visitor of the deployed site ever sees.
 */
function compressingProxy(origin: string): Promise<{ port: number; close: () => void }> {
  const upstream = new URL(origin);
  const server = http.createServer((req, res) => {
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, "accept-encoding": "identity" } },
      (r) => {
        const type = String(r.headers["content-type"] ?? "");
        const compress = /text\/|javascript|json|svg|xml/.test(type) && /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
        const headers = { ...r.headers };
        if (compress) {
          delete headers["content-length"];
          headers["content-encoding"] = "br";
          headers.vary = "accept-encoding";
        }
        res.writeHead(r.statusCode ?? 502, headers);
        (compress ? r.pipe(zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })) : r).pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ port: (server.address() as { port: number }).port, close: () => server.close() }));
  });
}

/** spawnSync would block this process's event loop, and with it the proxy above. */
function run(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeout: number }) {
  return new Promise<{ status: number | null; stdout: string; stderr: string; error?: Error }>((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeout);
    child.on("error", (error) => (clearTimeout(timer), resolve({ status: null, stdout, stderr, error })));
    child.on("close", (status) => (clearTimeout(timer), resolve({ status, stdout, stderr })));
  });
}

export async function runLighthouse(origin: string, host: string, pages: Record<string, string>, tmp: string): Promise<LighthouseScores> {
  const out: LighthouseScores = { version: LIGHTHOUSE_VERSION, pages: {} };
  if (!existsSync(CHROMIUM)) return { ...out, note: `Chromium not found at ${CHROMIUM}` };
  const proxy = await compressingProxy(origin);
  const port = proxy.port;
  try {
    for (const [name, p] of Object.entries(pages)) {
      // Five runs, median score per category (Lighthouse's own advice: simulated throttling
      // scales the CPU time it observes, which varies on a shared 2-core machine).
      const scores: Record<string, number | null>[] = [];
      let failure: string | null = null;
      for (let attempt = 0; attempt < RUNS && !failure; attempt++) {
        const file = path.join(tmp, `lighthouse-${name}-${attempt}.json`);
        const r = await run(
          "npx",
          [
            "-y",
            `lighthouse@${LIGHTHOUSE_VERSION}`,
            `http://${host}:${port}${p}`,
            `--only-categories=${CATEGORIES.join(",")}`,
            "--form-factor=mobile",
            "--output=json",
            `--output-path=${file}`,
            `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
            "--quiet",
          ],
          { cwd: root, env: childEnv({ CHROME_PATH: CHROMIUM }), timeout: 240_000 },
        );
        if (r.status !== 0 || !existsSync(file)) {
          const why = `${r.stderr ?? ""}${r.stdout ?? ""}`.trim().split("\n").slice(-3).join(" ").slice(0, 200);
          failure = r.error ? String(r.error.message) : why || `exit ${r.status}`;
          continue;
        }
        const json = JSON.parse(readFileSync(file, "utf8")) as { categories: Record<string, { score: number | null }> };
        scores.push(Object.fromEntries(CATEGORIES.map((c) => [c, json.categories[c]?.score == null ? null : Math.round(json.categories[c].score! * 100)])));
      }
      if (failure) {
        out.pages[name] = { error: failure };
        continue;
      }
      const middle = (values: (number | null)[]) => {
        const known = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
        return known.length ? known[Math.floor(known.length / 2)] : null;
      };
      out.pages[name] = Object.fromEntries(CATEGORIES.map((c) => [c, middle(scores.map((s) => s[c]))]));
    }
  } finally {
    proxy.close();
  }
  return out;
}
