import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser, requireChromium, screenshot, startApp, watchPage, type App } from "./harness.ts";

let app: App;
let browser: Browser;

before(async () => {
  requireChromium(); // fail loudly, never skip, when the browser is missing
  app = await startApp([
    { slug: "smoke-a", name: "Smoke Journal of Alpha Studies", hosts: ["smoke-a.localhost"] },
    { slug: "smoke-b", name: "Smoke Review of Beta Research", hosts: ["smoke-b.localhost"] },
  ]);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

test("home page shows the journal of the host, hydrates, and has no console errors", async () => {
  const page = await browser.newPage();
  const watch = watchPage(page);
  const res = await page.goto(app.url("smoke-a.localhost"));
  assert.equal(res?.status(), 200);
  assert.equal(await page.title(), "Smoke Journal of Alpha Studies");
  assert.equal(await page.locator("h1").textContent(), "Smoke Journal of Alpha Studies");
  const nav = await page.locator('nav[aria-label="Main"] a').allTextContents();
  assert.deepEqual(nav, ["HOME", "ARCHIVES", "EDITORIAL BOARD", "INSTRUCTIONS", "INDEXING", "CONTACT"]);
  await screenshot(page, "smoke-home-a");
  assert.deepEqual(watch.problems, []);
  await page.close();
});

test("a page opens no renderers of the browser's own UI (the omnibox's WebUI popups are off: scripts/lib/chromium.mjs)", async () => {
  const page = await browser.newPage();
  await page.goto(app.url("smoke-a.localhost"));
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  await cdp.detach();
  assert.ok(targetInfos.some((t) => t.type === "page" && t.url.startsWith(app.url("smoke-a.localhost"))), "the page is listed");
  assert.deepEqual(targetInfos.filter((t) => t.type === "browser_ui").map((t) => t.url), []);
  await page.close();
});

test("a second journal answers on its own host", async () => {
  const page = await browser.newPage();
  await page.goto(app.url("smoke-b.localhost"));
  assert.equal(await page.locator("h1").textContent(), "Smoke Review of Beta Research");
  await page.close();
});

test("an unknown host gets the 404 page naming it", async () => {
  const page = await browser.newPage();
  const res = await page.goto(app.url("nobody.localhost"));
  assert.equal(res?.status(), 404);
  assert.match(await page.locator("main").textContent() ?? "", /nobody\.localhost/);
  await page.close();
});
