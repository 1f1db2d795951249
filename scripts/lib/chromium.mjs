/**
 * Debian's Chromium as this project runs it: its path and the flags it is started with, shared by
 * the browser-test harness (a file run on its own launches its own), `npm test` (one browser the
 * test files connect to; E2E_BROWSER_WS) and the Lighthouse benchmark. Plain JavaScript: `npm test` may run on the Node
 * that started the install (chromium.d.mts gives the types).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Browser features no page of ours uses that cost every new page: Chromium 156 gives each window
 * its omnibox's WebUI popups (chrome://omnibox-popup.top-chrome/ and its AI-mode page), two
 * renderers of its own even headless: ≈ 0.6 s of CPU for each page a test opens, which was a
 * third of public.test's CPU (docs/decisions/040-suite-cpu.md).
 */
export const UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

const SWITCH = "--disable-features=";

/**
 * The features Playwright turns off in the Chromium it launches (its own `--disable-features`, read
 * from the installed playwright-core): Chromium keeps only the last `--disable-features` switch
 * on a command line, so a list of ours must repeat Playwright's.
 */
export function playwrightDisabledFeatures() {
  const bundle = readFileSync(createRequire(import.meta.url).resolve("playwright-core/lib/coreBundle"), "utf8");
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  const names = [...(list ?? "").replace(/\/\/.*$/gm, "").matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]);
  if (!names.length) {
    throw new Error("Playwright's --disable-features list was not found in playwright-core/lib/coreBundle: update scripts/lib/chromium.mjs for this Playwright");
  }
  return names;
}

/** The flags for a Chromium Playwright launches: ours, and Playwright's disabled features with ours. */
export function playwrightChromiumArgs() {
  return [...CHROMIUM_ARGS, `${SWITCH}${[...new Set([...playwrightDisabledFeatures(), ...UNUSED_FEATURES])].join(",")}`];
}

/**
 * What a running Chromium (its pid) does not have turned off of what its command line asks for:
 * Chromium obeys only the last `--disable-features`, so every feature named in an earlier one, and
 * each of UNUSED_FEATURES, must be in the last. Empty when all are (Linux: read from /proc).
 */
export function featuresNotDisabled(pid) {
  const lists = readFileSync(`/proc/${pid}/cmdline`, "utf8")
    .split("\0")
    .filter((a) => a.startsWith(SWITCH))
    .map((a) => a.slice(SWITCH.length).split(",").filter(Boolean));
  const last = new Set(lists.at(-1) ?? []);
  return [...new Set([...lists.flat(), ...UNUSED_FEATURES])].filter((f) => !last.has(f));
}
