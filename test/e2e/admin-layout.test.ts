/**
 * What staff see on the demo journal (as `npm start` seeds it), in Chromium: at 390 px every
 * admin table row's checkbox, EDIT/Open button and status switch is on screen without sideways
 * scrolling; the DOI suffix pattern says what is wrong while it is typed; a Certificates
 * download with an unpublished article in the selection is made for the others, naming it.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { unzipSync } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type App, downloadedBytes, hydrated, launchBrowser, requireChromium, screenshot, startApp, watchPage } from "./harness.ts";

const HOST = "localhost";
const ADMIN = { username: "admin", password: "agri-demo-2026" };

let app: App;
let browser: Browser;

before(async () => {
  requireChromium();
  app = await startApp([], undefined, { demo: true });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

async function signedIn(width: number): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, acceptDownloads: true });
  const page = await context.newPage();
  const { problems } = watchPage(page);
  await page.goto(app.url(HOST, "/admin/login"));
  await hydrated(page);
  await page.fill('input[name="username"]', ADMIN.username);
  await page.fill('input[name="password"]', ADMIN.password);
  await Promise.all([page.waitForURL(/\/admin$/), page.click('button[type="submit"]')]);
  return { context, page, problems };
}

/** The latest issue's admin path (the one "Archives" lists first). */
async function latestIssue(page: Page): Promise<string> {
  await page.goto(app.url(HOST, "/admin/archives"));
  const href = await page.locator('main a[href^="/admin/archives/2"]').first().getAttribute("href");
  assert.ok(href);
  return href;
}

/** Controls of a table that lie outside the window or need the table to scroll sideways. */
async function offScreen(page: Page, controls: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const scroller of document.querySelectorAll(".table-scroll")) {
      if (scroller.scrollWidth > scroller.clientWidth + 1) out.push(`table scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    }
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.left < 0 || r.right > window.innerWidth) out.push(`${el.tagName.toLowerCase()} "${el.getAttribute("aria-label") ?? el.textContent?.trim()}" at ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}`);
    return out;
  }, controls);
}

test("at 390 px the issue, editors, archives and search tables need no sideways scrolling to reach EDIT, Open or the switch", async () => {
  const { context, page, problems } = await signedIn(390);
  const issue = await latestIssue(page);
  const pages: [string, string, string][] = [
    [issue, ".data-table tbody input[type=checkbox], .data-table .row-action a", "admin-issue"],
    ["/admin/editors", ".data-table tbody input[type=checkbox], .data-table .row-action a, .data-table .switch", "admin-editors"],
    ["/admin/archives", ".data-table .row-action a", "admin-archives"],
    ["/admin/search?q=2025", ".data-table .row-action a", "admin-search"],
  ];
  for (const [path, controls, shot] of pages) {
    await page.goto(app.url(HOST, path));
    await hydrated(page);
    assert.ok((await page.locator(controls).count()) > 0, path);
    assert.deepEqual(await offScreen(page, controls), [], path);
    await screenshot(page, `${shot}-390`);
  }
  // The stacked rows still say what each value is.
  await page.goto(app.url(HOST, issue));
  const labels = await page.locator(".articles-table tbody tr").first().evaluate((tr) =>
    [...tr.querySelectorAll("td[data-label]")].map((td) => `${td.getAttribute("data-label")}: ${getComputedStyle(td, "::before").content}`),
  );
  assert.deepEqual(labels.map((l) => l.split(":")[0]), ["S.No.", "Ref No.", "Pages", "Published", "Views", "Downloads"]);
  for (const l of labels) assert.doesNotMatch(l, /: none$/, l);
  // And the switch still works from a phone: the first editor is switched off and back on.
  await page.goto(app.url(HOST, "/admin/editors"));
  await hydrated(page);
  const label = (await page.locator(".data-table .switch").first().getAttribute("aria-label"))!;
  const sw = page.getByRole("switch", { name: label });
  assert.equal(await sw.getAttribute("aria-checked"), "true");
  const settled = (checked: string) =>
    page.waitForFunction(
      ([l, c]) => {
        const el = document.querySelector(`[aria-label="${l}"]`);
        return el?.getAttribute("aria-checked") === c && !el.classList.contains("is-pending");
      },
      [label, checked],
    );
  await sw.click();
  await page.locator("dialog[open]").getByRole("button", { name: "Disable" }).click();
  await settled("false");
  await sw.click();
  await settled("true");
  assert.deepEqual(problems, []);
  await context.close();
});

test("at 1366 px the tables stay tables", async () => {
  const { context, page } = await signedIn(1366);
  await page.goto(app.url(HOST, await latestIssue(page)));
  const header = await page.locator(".articles-table thead th").evaluateAll((ths) => ths.filter((th) => (th as HTMLElement).offsetWidth > 20).map((th) => th.textContent?.trim()));
  assert.ok(header.includes("Pages") && header.includes("Status"), header.join(","));
  assert.equal(await page.locator(".articles-table tbody tr").first().evaluate((tr) => getComputedStyle(tr).display), "table-row");
  await screenshot(page, "admin-issue-1366");
  await context.close();
});

test("the DOI suffix pattern says what is missing while it is typed, with the server's rule and words", async () => {
  for (const width of [1366, 390]) {
    const { context, page, problems } = await signedIn(width);
    await page.goto(app.url(HOST, "/admin/settings"));
    await hydrated(page);
    const field = page.locator("#doi_suffix_pattern");
    const error = page.locator("#doi_suffix_pattern-error");
    await field.fill("");
    await field.pressSequentially("{slug}.{year}.");
    // Still in the field: no blur, no save.
    assert.equal(await page.evaluate(() => document.activeElement?.id), "doi_suffix_pattern");
    await error.waitFor();
    assert.equal((await error.textContent())?.trim(), "Include {refnumber}: it is what makes each article's DOI unique");
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    await screenshot(page, `admin-doi-pattern-${width}`);
    await field.pressSequentially("{foo}");
    assert.match((await error.textContent()) ?? "", /Unknown placeholder \{foo\}/);
    await field.fill("{slug}.{year}.{refnumber}");
    await error.waitFor({ state: "detached" });
    assert.ok(await page.locator(".doi-preview").isVisible());
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("Certificates for a selection with an unpublished article: made for the others, the unpublished one named", async () => {
  const { context, page, problems } = await signedIn(1366);
  // An issue of the demo journal with a disabled article.
  await page.goto(app.url(HOST, "/admin/archives"));
  const issues = await page.locator('main a[href^="/admin/archives/2"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  let disabledRef = "";
  for (const href of issues) {
    await page.goto(app.url(HOST, href));
    const row = page.locator(".articles-table tbody tr", { has: page.locator(".status-disabled") }).first();
    if (await row.count()) {
      disabledRef = (await row.locator("td.mono").first().textContent())!.trim();
      break;
    }
  }
  assert.ok(disabledRef, "a demo issue with a disabled article");
  const disabledCount = await page.locator(".articles-table tbody tr", { has: page.locator(".status-disabled") }).count();
  await hydrated(page);
  await page.getByRole("checkbox", { name: "Select all articles" }).check();
  const selected = await page.locator(".articles-table tbody tr").count();
  const [response, download] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/pdf/bulkcertificates")),
    page.waitForEvent("download"),
    page.getByRole("button", { name: /^Certificate/ }).click(),
  ]);
  assert.equal(response.status(), 200);
  assert.equal(download.suggestedFilename(), "Certificates.zip");
  const files = Object.keys(unzipSync(new Uint8Array(await downloadedBytes(download))));
  assert.equal(files[0], "README.txt");
  assert.ok(files.length > selected, `${files.length} entries for ${selected} articles`);
  assert.ok(!files.some((f) => f.startsWith(`${disabledRef}-`)), files.join(", "));
  // The admin says which article was left out, and why.
  const note = page.locator("dialog.flash-normal[open]");
  await note.waitFor();
  assert.equal(await note.locator(".flash-msg").textContent(), `Certificates.zip was made without ${disabledCount} unpublished article${disabledCount === 1 ? "" : "s"}`);
  assert.match((await note.locator(".flash-detail").textContent()) ?? "", new RegExp(`not published \\(disabled\\), so (its|their) certificates would not verify: .*\\b${disabledRef}\\b`));
  await screenshot(page, "admin-certificates-left-out");
  assert.deepEqual(problems, []);
  await context.close();
});
