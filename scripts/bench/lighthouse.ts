/**
 * Optional (`npm run bench -- --lighthouse`): Lighthouse in mobile emulation on the home, issue
 * and article pages, through `npx -y lighthouse@<pinned>` and Debian's Chromium. Pages are
 * loaded by their journal's *.localhost name (Chromium resolves those to the loopback address).
 * Any failure (no Chromium, npx cannot fetch the package offline) becomes a note in the table,
 * never a failed run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { childEnv, root } from "./server.ts";

export const LIGHTHOUSE_VERSION = "13.5.0";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseScores {
  version: string;
  pages: Record<string, Record<string, number | null> | { error: string }>;
  note?: string;
}

export async function runLighthouse(origin: string, host: string, pages: Record<string, string>, tmp: string): Promise<LighthouseScores> {
  const out: LighthouseScores = { version: LIGHTHOUSE_VERSION, pages: {} };
  if (!existsSync(CHROMIUM)) return { ...out, note: `Chromium not found at ${CHROMIUM}` };
  const port = new URL(origin).port;
  for (const [name, p] of Object.entries(pages)) {
    const file = path.join(tmp, `lighthouse-${name}.json`);
    const r = spawnSync(
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
      { cwd: root, env: childEnv({ CHROME_PATH: CHROMIUM }), encoding: "utf8", timeout: 240_000 },
    );
    if (r.status !== 0 || !existsSync(file)) {
      const why = `${r.stderr ?? ""}${r.stdout ?? ""}`.trim().split("\n").slice(-3).join(" ").slice(0, 200);
      out.pages[name] = { error: r.error ? String(r.error.message) : why || `exit ${r.status}` };
      continue;
    }
    const json = JSON.parse(readFileSync(file, "utf8")) as { categories: Record<string, { score: number | null }> };
    out.pages[name] = Object.fromEntries(CATEGORIES.map((c) => [c, json.categories[c]?.score == null ? null : Math.round(json.categories[c].score! * 100)]));
  }
  return out;
}
