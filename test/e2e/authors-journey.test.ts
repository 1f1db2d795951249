/**
 * Authors as people, in a real browser against the production build: staff type the byline as
 * a comma list (the quick way it always was) and paste one, then give the authors ORCID iDs,
 * affiliations with ROR IDs and a corresponding author in the rows it makes, reorder them by
 * keyboard and by dragging, paste a numbered reference list, choose a licence and enter the
 * manuscript dates; a wrong ORCID check digit and a malformed ROR ID are refused at their fields.
 * The published page shows all of it. Both the form and the page are screenshotted at 1366 and
 * 390 px and checked by axe-core (WCAG 2.x A/AA) with no violation allowed.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { axe } from "./axe.ts";
import { hydrated, launchBrowser, requireChromium, SCREENSHOTS, screenshot as fullPageShot, startApp, watchPage, type App } from "./harness.ts";
import { addIssue } from "./data.ts";

const HOST = "authors-a.localhost";
const ADMIN = { username: "meera", password: "authors-journey-password-1", name: "Meera Iyer" };
const YEAR = new Date().getUTCFullYear();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const REFERENCES = [
  "1. Singh R, Kaur P. Rice yield under drip irrigation. Field Crops Res. 2019;240:1-10. doi:10.1016/j.fcr.2019.05.001.",
  "2. Nair P. Soil carbon under conservation tillage. Indian J Agron. 2018;63(2):45-52.",
  "3. Iyer M, Rao K. Water productivity of wheat in semi-arid India. Agric Water Manag.",
  "   2020;231:105995. https://doi.org/10.1016/j.agwat.2019.105995",
].join("\n");

let app: App;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
let articlePath = "";

before(async () => {
  requireChromium();
  app = await startApp(
    [{ slug: "authors-a", name: "Journal of Authorship", hosts: [HOST], admin: ADMIN, settings: { websitename: "Journal of Authorship", issn: "2583-2222", websiteemail: "editor@authors.example" } }],
    async (env, [jid]) => {
      await addIssue(env, jid, { year: YEAR, volume: 1, issue: 1, frequency: "Jan-Jun" });
    },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  ({ problems } = watchPage(page));
  page.on("dialog", (d) => void d.accept());
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const url = (p: string) => app.url(HOST, p);

const shot = (p: Page, name: string) => fullPageShot(p, name, { fromTop: true });

/** The authors' rows as shown: position and name. */
async function rows(): Promise<string[]> {
  return page.locator(".author-row .author-row-name").evaluateAll((els) => els.map((e) => (e.firstChild?.textContent ?? "").trim()));
}

async function errorAt(id: string): Promise<string> {
  const el = page.locator(`#${id}-error`);
  await el.waitFor();
  return (await el.textContent())?.trim() ?? "";
}

test("signs in", async () => {
  await page.goto(url("/admin/login"));
  await hydrated(page);
  await page.fill('input[name="username"]', ADMIN.username);
  await page.fill('input[name="password"]', ADMIN.password);
  await Promise.all([page.waitForURL(/\/admin$/), page.click('button[type="submit"]')]);
});

test("the byline typed as a comma list becomes rows; a pasted list too; rows reorder by keyboard and mouse", async () => {
  await page.goto(url(`/admin/archives/add/${YEAR}/1/1`));
  await hydrated(page);
  const list = page.locator("#authorname");
  // Typed, comma by comma: a row per name as soon as it is there.
  await list.click();
  await page.keyboard.type("Dr. Anjali Sharma, Rahul Verma");
  assert.deepEqual(await rows(), ["Dr. Anjali Sharma", "Rahul Verma"]);
  // Pasted: a byline copied from a manuscript, with 'and' before the last name.
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>("#authorname")!;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  });
  await page.keyboard.insertText(", Jan van der Berg; Priya Nair");
  assert.deepEqual(await rows(), ["Dr. Anjali Sharma", "Rahul Verma", "Jan van der Berg", "Priya Nair"]);
  assert.equal(await list.inputValue(), "Dr. Anjali Sharma, Rahul Verma, Jan van der Berg, Priya Nair");

  // Remove one; the list follows.
  await page.getByRole("button", { name: "Remove Priya Nair" }).click();
  assert.equal(await list.inputValue(), "Dr. Anjali Sharma, Rahul Verma, Jan van der Berg");

  // Keyboard: Alt+↓ on a row's control moves it down, and focus stays with it.
  await page.getByRole("button", { name: "Move Dr. Anjali Sharma down" }).focus();
  await page.keyboard.press("Alt+ArrowDown");
  assert.deepEqual(await rows(), ["Rahul Verma", "Dr. Anjali Sharma", "Jan van der Berg"]);
  assert.equal(await list.inputValue(), "Rahul Verma, Dr. Anjali Sharma, Jan van der Berg");
  assert.match(await page.locator(".authors-editor [aria-live]").textContent() ?? "", /Dr\. Anjali Sharma moved to position 2 of 3/);
  // The arrow buttons.
  await page.getByRole("button", { name: "Move Dr. Anjali Sharma up" }).click();
  assert.deepEqual(await rows(), ["Dr. Anjali Sharma", "Rahul Verma", "Jan van der Berg"]);

  // Mouse: drag Jan van der Berg's handle above Rahul Verma, then back to the end.
  const drag = async (from: number, to: number, after = false) => {
    const handle = page.locator(".author-row").nth(from).locator(".drag-handle");
    const target = page.locator(".author-row").nth(to);
    const h = (await handle.boundingBox())!;
    const t = (await target.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(t.x + t.width / 2, t.y + (after ? t.height - 4 : 4), { steps: 8 });
    await page.mouse.up();
  };
  await drag(2, 1);
  assert.deepEqual(await rows(), ["Dr. Anjali Sharma", "Jan van der Berg", "Rahul Verma"]);
  await drag(1, 2, true);
  assert.deepEqual(await rows(), ["Dr. Anjali Sharma", "Rahul Verma", "Jan van der Berg"]);
});

test("ORCID iD and ROR ID are checked at their fields; affiliations, corresponding author, references, licence, dates", async () => {
  const first = page.locator(".author-row").nth(0);
  await first.getByRole("button", { name: /^Details/ }).click();
  // A mistyped last digit: refused with a message naming the iD.
  await page.fill("#author-0-orcid", "0000-0002-1825-0098");
  await page.locator("#author-0-email").click();
  assert.equal(
    await errorAt("author-0-orcid"),
    "The ORCID iD 0000-0002-1825-0098 is not valid: its last character is a check digit that does not match the other 15. Copy the iD from the author's ORCID record.",
  );
  await page.fill("#author-0-orcid", "https://orcid.org/0000-0002-1825-0097");
  await page.fill("#author-0-email", "anjali@cam.example");
  await first.getByLabel("Corresponding").check();
  await first.getByRole("button", { name: "Add affiliation of Dr. Anjali Sharma" }).click();
  await page.fill("#author-0-aff-0-name", "Department of Plant Sciences, University of Cambridge");
  await page.fill("#author-0-aff-0-ror", "ror.org/013meh72");
  await page.fill("#author-0-aff-0-country", "United Kingdom");
  assert.equal(await errorAt("author-0-aff-0-ror"), "Enter a ROR ID like https://ror.org/03vek6s52: a 0, six letters or digits and two check digits");
  await page.fill("#author-0-aff-0-ror", "https://ror.org/013meh722");
  await first.getByRole("button", { name: "Add affiliation of Dr. Anjali Sharma" }).click();
  await page.fill("#author-0-aff-1-name", "Punjab Agricultural University, Ludhiana");
  await page.fill("#author-0-aff-1-country", "India");
  // The second author shares the second affiliation.
  const second = page.locator(".author-row").nth(1);
  await second.getByRole("button", { name: /^Details/ }).click();
  await second.getByRole("button", { name: "Add affiliation of Rahul Verma" }).click();
  await page.fill("#author-1-aff-0-name", "Punjab Agricultural University, Ludhiana");
  await page.fill("#author-1-aff-0-country", "India");
  // The name rule's split, shown and kept in step with the name.
  assert.equal(await page.inputValue("#author-1-given"), "Rahul");
  assert.equal(await page.inputValue("#author-1-family"), "Verma");

  await page.fill("#refnumber", "510001");
  await page.fill("#txnid", "TXN-510001");
  await page.fill("#pagenumber", "1-12");
  await page.fill("#email", "office@authors.example");
  await page.locator("#title").click();
  await page.keyboard.type("Yield and water use of rice under drip irrigation");
  await page.locator("#abstract").click();
  await page.keyboard.type("A two-season field study.");
  await page.fill("#received_date", `${YEAR}-01-02`);
  await page.fill("#accepted_date", `${YEAR}-01-10`);
  await page.fill("#references", REFERENCES);
  await page.locator("#keywords").click();
  // Tidied on leaving the field: one per line, the numbers gone, the wrapped line joined.
  assert.equal((await page.inputValue("#references")).split("\n").length, 3);
  assert.equal((await page.locator(".references-count").textContent())?.trim(), "3 references, 2 with a DOI");
  await page.selectOption("#license_url", "https://creativecommons.org/licenses/by-nc/4.0/");
  await page.locator("#pdfFile").setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: PDF });

  await shot(page, "authors-form-1366");
  assert.deepEqual(await axe(page), []);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "authors-form-390");
  // The author rows close up: what a phone shows of them.
  if (SCREENSHOTS) await page.locator(".authors-editor").screenshot({ path: "test-results/screenshots/authors-editor-390.png" });
  assert.deepEqual(await axe(page), []);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole("button", { name: "Publish article" }).click();
  const announcement = page.locator("dialog.announcement[open]");
  await announcement.waitFor();
  assert.match(await announcement.locator("textarea").inputValue(), /by Dr\. Anjali Sharma, Rahul Verma, Jan van der Berg has been published/);
  articlePath = `/archives/${YEAR}/1/1/510001`;
});

test("the published page shows the people, references, licence and dates; axe finds nothing at 1366 and 390 px", async () => {
  const reader = await context.newPage();
  const watched = watchPage(reader);
  await reader.setViewportSize({ width: 1366, height: 900 });
  await reader.goto(url(articlePath));
  await hydrated(reader);
  const byline = (await reader.locator(".article-byline").textContent())?.replace(/\s+/g, " ").trim();
  assert.equal(byline, "Dr. Anjali Sharma1,2ORCID iD of Dr. Anjali Sharma: https://orcid.org/0000-0002-1825-0097✉(corresponding author), Rahul Verma2, Jan van der Berg");
  assert.equal(await reader.locator(".orcid-link").getAttribute("href"), "https://orcid.org/0000-0002-1825-0097");
  assert.deepEqual(await reader.locator(".affiliations li").allTextContents(), [
    "1Department of Plant Sciences, University of Cambridge, United Kingdom ROR ID of Department of Plant Sciences, University of Cambridge, United Kingdom",
    "2Punjab Agricultural University, Ludhiana, India",
  ]);
  assert.equal((await reader.locator(".corresponding").textContent())?.replace(/\s+/g, " ").trim(), "✉ Corresponding author: Dr. Anjali Sharma, anjali@cam.example");
  assert.equal(await reader.locator(".reference-list li").count(), 3);
  assert.equal(await reader.locator('.reference-list a[href="https://doi.org/10.1016/j.agwat.2019.105995"]').textContent(), "https://doi.org/10.1016/j.agwat.2019.105995");
  assert.equal(await reader.locator(".license-badge").getAttribute("href"), "https://creativecommons.org/licenses/by-nc/4.0/");
  assert.match((await reader.locator(".article-facts").textContent()) ?? "", /Received2 January \d{4}.*Accepted10 January \d{4}/);
  await shot(reader, "authors-article-1366");
  assert.deepEqual(await axe(reader), []);
  await reader.setViewportSize({ width: 390, height: 844 });
  await shot(reader, "authors-article-390");
  assert.deepEqual(await axe(reader), []);
  // The author's page: who they are (affiliations, the ORCID iD in full), then their articles.
  await reader.setViewportSize({ width: 1366, height: 900 });
  const authorHref = await reader.locator(".article-byline a.author-link").first().getAttribute("href");
  assert.equal(authorHref, "/authors/Anjali%20Sharma");
  await reader.goto(url(authorHref));
  await hydrated(reader);
  assert.equal((await reader.locator(".author-profile .orcid-full").textContent())?.trim(), "ORCID iD: https://orcid.org/0000-0002-1825-0097");
  await shot(reader, "authors-author-page-1366");
  assert.deepEqual(await axe(reader), []);
  assert.deepEqual(watched.problems, []);
  await reader.close();
});

test("the edit form brings the rows back as stored; a changed byline keeps each author's details", async () => {
  await page.goto(url("/admin/archives"));
  await page.goto(url(`/admin/archives/${YEAR}/1/1`));
  await page.locator(".articles-table tbody tr").first().getByRole("link", { name: /Edit/ }).click();
  await page.waitForURL(/\/admin\/archives\/\d+$/);
  await hydrated(page);
  assert.equal(await page.inputValue("#authorname"), "Dr. Anjali Sharma, Rahul Verma, Jan van der Berg");
  assert.deepEqual(await rows(), ["Dr. Anjali Sharma", "Rahul Verma", "Jan van der Berg"]);
  assert.equal(await page.locator(".author-row").nth(0).locator(".author-badge").first().textContent(), "ORCID");
  // Retitling an author in the comma list keeps the row (and its ORCID iD).
  await page.fill("#authorname", "Prof. Anjali Sharma, Rahul Verma, Jan van der Berg");
  await page.locator(".author-row").nth(0).getByRole("button", { name: /^Details/ }).click();
  assert.equal(await page.inputValue("#author-0-orcid"), "https://orcid.org/0000-0002-1825-0097");
  assert.equal(await page.inputValue("#author-0-aff-0-ror"), "https://ror.org/013meh722");
  // A Creative Commons licence is chosen: no "other licence" address field (asked without waiting,
  // which passed after 30 s whether the field was missing or empty).
  assert.equal(await page.locator("#license_url-url").count(), 0);
  assert.equal(await page.locator("#license_url").inputValue(), "https://creativecommons.org/licenses/by-nc/4.0/");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.locator("dialog.announcement[open]").waitFor();
  assert.deepEqual(problems, []);
});
