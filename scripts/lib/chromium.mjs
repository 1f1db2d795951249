/**
 * Debian's Chromium as this project runs it: its path and the flags it is started with, shared by
 * the browser-test harness (a file run on its own launches its own), `npm test` (one browser the
 * test files connect to; E2E_BROWSER_WS) and the Lighthouse benchmark. Plain JavaScript: `npm test` may run on the Node
 * that started the install (chromium.d.mts gives the types).
 */
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
