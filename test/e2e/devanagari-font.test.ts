/**
 * Devanagari on a machine with no Devanagari system font (this one: `fc-list` has none, so
 * Chromium drew empty boxes before the site shipped a web font). The article page's Devanagari
 * author names must be drawn with the self-hosted "Journal Devanagari" face: its shaped text is
 * narrower than the row of .notdef boxes the same string gives in a font without Devanagari, and
 * the browser reports the face loaded. A page without Devanagari downloads no font at all.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser, requireChromium, SCREENSHOTS, screenshot, startApp, type App } from "./harness.ts";
import { addArticle, addIssue } from "./data.ts";

const HOST = "deva.localhost";
const NAMES = "राजेश कुमार, क्षितिज त्रिपाठी";
let app: App;
let browser: Browser;

before(async () => {
  requireChromium();
  app = await startApp([{ slug: "deva", name: "Journal of Legible Names", hosts: [HOST], settings: { websitename: "Journal of Legible Names", fee_rupee: "₹ 2,500" } }], async (env, [jid]) => {
    const issue = await addIssue(env, jid, { year: 2025, volume: 2, issue: 1, frequency: "January" });
    await addArticle(env, jid, issue, { refnumber: "880001", title: "Soil carbon under rice–wheat rotation", authorname: NAMES, abstract: "<p>Soil carbon.</p>", keywords: "soil", pagenumber: "1-8", publishdate: "2025-01-12" });
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

test("Devanagari author names are drawn with the web font, not as boxes", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (/\.woff2$/.test(r.url())) fonts.push(r.url());
  });
  await page.goto(app.url(HOST, "/archives/2025/2/1/880001"), { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  // Measured without spaces: a space comes from the first font of the stack, not the web font.
  const result = await page.evaluate((names) => {
    const el = [...document.querySelectorAll("main *")].find((e) => e.children.length === 0 && e.textContent?.includes("राजेश कुमार")) as HTMLElement | undefined;
    const canvas = document.createElement("canvas").getContext("2d")!;
    const width = (family: string) => {
      canvas.font = `16px ${family}`;
      return canvas.measureText(names).width;
    };
    return {
      found: !!el,
      family: el ? getComputedStyle(el).fontFamily : "",
      loaded: document.fonts.check('16px "Journal Devanagari"', names),
      webFont: width('"Journal Devanagari"'),
      boxes: width('"DejaVu Sans"'),
      pageFont: el ? (() => {
        canvas.font = `16px ${getComputedStyle(el).fontFamily}`;
        return canvas.measureText(names).width;
      })() : 0,
    };
  }, "राजेशकुमारक्षितिजत्रिपाठी");
  assert.ok(result.found, "the author name is on the page");
  assert.match(result.family, /Journal Devanagari/);
  assert.ok(result.loaded, "the Journal Devanagari face is loaded");
  assert.ok(fonts.length >= 1 && fonts.length <= 2 && fonts.every((f) => /noto-sans-devanagari-devanagari-[47]00-normal/.test(f)), `the Devanagari faces only: ${fonts.join(", ")}`);
  // Without a Devanagari font each code point is a box of the same width; shaped text is
  // narrower (conjuncts, vowel signs on their consonant).
  assert.ok(result.webFont < result.boxes * 0.85, `web font ${result.webFont} vs boxes ${result.boxes}`);
  assert.ok(Math.abs(result.pageFont - result.webFont) < 0.5, `the page's own font stack draws it with the web font (${result.pageFont} vs ${result.webFont})`);
  if (SCREENSHOTS) await page.locator("main").screenshot({ path: "test-results/screenshots/devanagari-article.png" }).catch(() => screenshot(page, "devanagari-article"));
  await page.close();
});

test("a page without Devanagari (a rupee fee included) downloads no font", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (/\.woff2?$/.test(r.url())) fonts.push(r.url());
  });
  for (const path of ["/", "/contact", "/instructions"]) await page.goto(app.url(HOST, path), { waitUntil: "networkidle" });
  assert.deepEqual(fonts, []);
  await page.close();
});
