/**
 * DOIs in a real browser against the production build: staff set up DOIs on the Settings
 * page (validation and the live preview on a real article), try a Crossref download that is
 * refused with the list of articles lacking a DOI, assign DOIs from the issue table, then
 * download the Crossref and DOAJ files and check them against the official XSDs.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { validateCrossref, validateDoaj } from "../xsd.ts";
import { xmlTexts } from "../xml.ts";
import { axe } from "./axe.ts";
import { type App, downloadedBytes, hydrated, launchBrowser, requireChromium, SCREENSHOTS, screenshot as fullPageShot, startApp, watchPage } from "./harness.ts";
import { addArticle, addIssue } from "./data.ts";

// A public-looking name (DOAJ refuses links on reserved ones such as *.localhost), which the
// browser is told to send to 127.0.0.1.
const HOST = "doi-a.journals.org";
const SITE = "Journal of DOI Journeys";
const ADMIN = { username: "meera", password: "doi-journey-password-1", name: "Meera Iyer" };
const ISSUE = "/admin/archives/2026/3/1";
const SHOTS = path.resolve(import.meta.dirname, "../../test-results/screenshots");

/**
 * axe-core's WCAG 2.2 A/AA violations on the page as it is now (as test/e2e/accessibility.test.ts
 * runs it), for the states only this journey reaches: a field error, the refusal panel.
 */
const axeViolations = () => axe(page);

let app: App;
let browser: Browser;
let page: Page;
let problems: string[];

before(async () => {
  requireChromium();
  app = await startApp(
    [
      {
        slug: "doi-a",
        name: SITE,
        hosts: [HOST],
        admin: ADMIN,
        settings: { websitename: SITE, websiteemail: "editor@doi.example", issn: "2583-4444", journal_essn: "2583-555X", publisher_name: "Journey Press" },
      },
    ],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2026, volume: 3, issue: 1, frequency: "Jan-Mar" });
      const rows: [string, string, string, string, string][] = [
        ["330101", "Yield of <i>Oryza sativa</i> under drip irrigation", "Dr. Anjali Sharma, राजेश कुमार, José Martínez", "1-8", ""],
        ["330102", "Soil carbon under conservation tillage", "Zoë Müller", "9-14", "10.55555/typed-by-staff.330102"],
        ["330103", "Seasonal incidence of sucking pests on <i>Capsicum annuum</i>", "Meenakshi Iyer, Dr. Vikram Chauhan", "15-22", ""],
      ];
      for (const [ref, title, authors, pages, doi] of rows) {
        await addArticle(env, jid, issue, { refnumber: ref, title, authorname: authors, abstract: "<p>We measured <i>things</i> carefully.</p>", keywords: "yield, soil", pagenumber: pages, txnid: `T${ref}`, publishdate: "2026-01-20", doi });
      }
    },
  );
  browser = await launchBrowser([HOST]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  ({ problems } = watchPage(page));
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const url = (p: string) => app.url(HOST, p);

async function visit(p: string) {
  await page.goto(url(p));
  await hydrated(page);
}

const screenshot = (name: string) => fullPageShot(page, name, { fromTop: true });

async function flash(kind: "success" | "error" | "normal") {
  const dialog = page.locator(`dialog.flash-${kind}[open]`);
  await dialog.waitFor();
  // The detail renders with the message or not at all: read as it is, not waited for (an absent
  // one would sit out Playwright's 30 s timeout).
  return { msg: (await dialog.locator(".flash-msg").textContent()) ?? "", detail: (await dialog.locator(".flash-detail").allTextContents()).join("") };
}

async function closeFlash() {
  await page.locator("dialog.flash[open]").getByRole("button", { name: "Close" }).click();
  await page.waitForFunction(() => !document.querySelector("dialog.flash[open]"));
}

async function download(button: RegExp) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  return { name: file.suggestedFilename(), text: (await downloadedBytes(file)).toString("utf8") };
}

test("signs in", async () => {
  await visit("/admin/login");
  await page.locator("#username").fill(ADMIN.username);
  await page.locator("#password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(url("/admin"));
});

test("sets up DOIs on the Settings page: the pattern is checked and previewed live with a real article", async () => {
  await visit("/admin/settings");
  const section = page.locator("fieldset.doi-section");
  await section.scrollIntoViewIfNeeded();
  // A pasted resolver URL is fine; an unknown placeholder is refused at the field.
  await page.locator("#doi_prefix").fill("https://doi.org/10.55555/");
  await page.locator("#doi_suffix_pattern").fill("{slug}.{vol}.{refnumber}");
  await page.locator("#doi_suffix_pattern").blur();
  assert.equal(
    await page.locator("#doi_suffix_pattern-error").textContent(),
    "Unknown placeholder {vol}: use {slug}, {year}, {volume}, {issue} or {refnumber}",
  );
  assert.equal(await section.locator(".doi-preview").count(), 0, "no preview of an invalid pattern");
  assert.deepEqual(await axeViolations(), [], "Settings with a DOI field error");
  await page.locator("#doi_suffix_pattern").fill("{slug}.{year}.v{volume}i{issue}.{refnumber}");
  // The newest article of the journal, with the prefix as it will be saved.
  await section.locator(".doi-preview-value", { hasText: "10.55555/doi-a.2026.v3i1.330103" }).waitFor();
  assert.match((await section.locator(".doi-preview").textContent()) ?? "", /for ref\. 330103, “Seasonal incidence of sucking pests on Capsicum annuum” \(Vol\. 3, Issue 1, 2026\)/);
  await page.locator("#doi_depositor_name").fill("Journey Press DOI Desk");
  await page.locator("#doi_depositor_email").fill("doi@journey.example");
  await page.locator("#doi_registrant").fill("Journey Press");
  await page.locator("#abbrev_title").fill("J. DOI Journeys");
  assert.deepEqual(await axeViolations(), [], "Settings with the DOI preview");
  if (SCREENSHOTS) await section.screenshot({ path: path.join(SHOTS, "admin-settings-doi-section.png") });
  await screenshot("admin-settings-doi");
  await page.getByRole("button", { name: "Save settings" }).click();
  assert.equal((await flash("success")).msg, "Settings updated successfully");
  await closeFlash();
  // The answer (and its flash) can arrive before the reloaded settings the form restarts from.
  await page.waitForFunction(() => (document.querySelector("#doi_prefix") as HTMLInputElement | null)?.value !== "https://doi.org/10.55555/", undefined, { timeout: 10_000 }).catch(() => {});
  assert.equal(await page.locator("#doi_prefix").inputValue(), "10.55555", "saved without the resolver");
});

test("a Crossref file is refused while articles lack a DOI, with the list and links to fix them", async () => {
  await visit(ISSUE);
  await page.getByRole("checkbox", { name: "Select all articles" }).check();
  const crossref = page.getByRole("button", { name: /Crossref XML/ });
  await crossref.click();
  const panel = page.getByRole("alert").filter({ hasText: "Crossref file not made" });
  await panel.waitFor();
  const items = await panel.locator(".deposit-problems-list li").allTextContents();
  assert.equal(items.length, 2, items.join(" | "));
  assert.match(items[0], /^330101.*Yield of Oryza sativa under drip irrigation.*no DOI/);
  assert.match(items[1], /^330103.*no DOI/);
  assert.equal(await page.locator(".articles-table tr.has-problem").count(), 2);
  assert.equal(await panel.getByRole("link", { name: "Edit article 330101" }).getAttribute("href"), "/admin/archives/1");
  assert.deepEqual(await axeViolations(), [], "the issue table with the refusal panel");
  await screenshot("admin-issue-deposit-refused");
});

test("assigns DOIs to the selected articles without one, keeping the typed DOI", async () => {
  const assign = page.getByRole("button", { name: /Assign DOIs/ });
  assert.match((await assign.textContent()) ?? "", /Assign DOIs\s*2/);
  await assign.click();
  const done = await flash("success");
  assert.equal(done.msg, "2 DOIs assigned");
  assert.match(done.detail, /10\.55555\/doi-a\.2026\.v3i1\.330101, 10\.55555\/doi-a\.2026\.v3i1\.330103\. 1 selected article already had a DOI and was left unchanged\./);
  await closeFlash();
  const dois = await page.locator(".articles-table .a-article-doi .mono").allTextContents();
  assert.deepEqual(dois, ["10.55555/doi-a.2026.v3i1.330101", "10.55555/typed-by-staff.330102", "10.55555/doi-a.2026.v3i1.330103"]);
  // New data: the refusal panel is gone; nothing left to assign.
  assert.equal(await page.getByRole("alert").filter({ hasText: "Crossref file not made" }).count(), 0);
  assert.equal(await page.getByRole("button", { name: /Assign DOIs/ }).isDisabled(), true);
  assert.deepEqual(await axeViolations(), [], "the issue table with DOIs");
  await screenshot("admin-issue-dois");
});

test("downloads the Crossref deposit and the DOAJ upload, both valid against the official schemas", async () => {
  const crossref = await download(/Crossref XML/);
  assert.equal(crossref.name, "crossref-2026-v3-i1.xml");
  const c = await validateCrossref(crossref.text);
  assert.deepEqual(c.errors, []);
  assert.equal(c.valid, true);
  assert.deepEqual(xmlTexts(crossref.text, "doi"), ["10.55555/doi-a.2026.v3i1.330101", "10.55555/typed-by-staff.330102", "10.55555/doi-a.2026.v3i1.330103"]);
  assert.deepEqual(xmlTexts(crossref.text, "depositor_name"), ["Journey Press DOI Desk"]);
  assert.ok(crossref.text.includes("<title>Yield of <i>Oryza sativa</i> under drip irrigation</title>"));
  assert.ok(crossref.text.includes(`<resource>http://${HOST}:${app.port}/archives/2026/3/1/330101</resource>`));

  const doaj = await download(/DOAJ XML/);
  assert.equal(doaj.name, "doaj-2026-v3-i1.xml");
  const d = await validateDoaj(doaj.text);
  assert.deepEqual(d.errors, []);
  assert.equal((doaj.text.match(/<record>/g) ?? []).length, 3);

  // Narrow screens: the toolbar wraps, nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot("admin-issue-dois-390");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("no console errors or CSP violations on the way", () => {
  // Chromium logs the one refused download (the 400 with the list) as a failed resource load.
  const REFUSED = "console: Failed to load resource: the server responded with a status of 400 (Bad Request)";
  assert.equal(problems.filter((p) => p === REFUSED).length, 1);
  assert.deepEqual(problems.filter((p) => p !== REFUSED), []);
});
