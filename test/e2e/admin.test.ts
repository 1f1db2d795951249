/**
 * The staff journey in a real browser against the production build, on a fresh database:
 * sign in, add an issue, publish an article (trying every invalid input on the way), see it on
 * the public site, edit it, manage editors, change a setting, download the index page and
 * certificates, search, sign out, and the expired-session paths.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { rgbaPng } from "../images.ts";
import { type App, downloadedBytes, hydrated, launchBrowser, requireChromium, SCREENSHOTS, screenshot as fullPageShot, startApp, watchPage } from "./harness.ts";
import { addEditor } from "./data.ts";

const HOST = "staff-a.localhost";
const OTHER_HOST = "staff-b.localhost";
const SITE = "Journal of Staff Journeys";
const ADMIN = { username: "asha", password: "staff-journey-password-1", name: "Asha Menon" };
const YEAR = new Date().getUTCFullYear();

/** Spec §9's publication frequency options, in its order (written out, not imported). */
const SPEC_FREQUENCIES = [
  "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
  "Jan-Feb", "Mar-Apr", "May-Jun", "Jul-Aug", "Sep-Oct", "Nov-Dec",
  "Jan-Mar", "Apr-Jun", "Jul-Sep", "Oct-Dec",
  "Jan-Apr", "May-Aug", "Sep-Dec",
  "Jan-Jun", "Jul-Dec",
  "Jan-Dec",
];

let app: App;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
const dialogs: string[] = [];
let otherEditorId = 0;

async function samplePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A real, well-formed PNG (so the browser can show the preview and the upload check accepts it). */
const PNG = Buffer.from(rgbaPng(2, 2));

before(async () => {
  requireChromium();
  app = await startApp(
    [
      {
        slug: "staff-a",
        name: SITE,
        hosts: [HOST],
        admin: ADMIN,
        settings: { websitename: SITE, websiteemail: "editor@staff.example", issn: "2583-1111", show_subject_column: true },
      },
      { slug: "staff-b", name: "Other Journal", hosts: [OTHER_HOST], admin: { username: "bob", password: "other-journal-password" } },
    ],
    async (env, [a, b]) => {
      const editors: [string, string, string][] = [
        ["Dr. Sunil Kumar Mehta", "chief editor", "Professor"],
        ["Dr. Ayesha Siddiqui", "associate editor", "Associate Professor"],
        ["Dr. Kwame Mensah", "assistant editor", "Scientist"],
      ];
      for (const [name, category, post] of editors) {
        await addEditor(env, a, { name, category, post, content: "Department of Agronomy, Test Agricultural University", email: "ed@uni.example" });
      }
      otherEditorId = (await addEditor(env, b, { name: "Dr. Other Journal Editor", category: "associate editor", post: "Professor", content: "Elsewhere" })).id;
    },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url(HOST, "").replace(/\/$/, "") });
  page = await context.newPage();
  ({ problems } = watchPage(page));
  if (process.env.E2E_DEBUG) page.on("response", (r) => console.log("RESP", r.status(), r.request().method(), r.url()));
  if (process.env.E2E_DEBUG) page.on("console", (m) => console.log("CONSOLE", m.text()));
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.accept();
  });
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const url = (path: string) => app.url(HOST, path);

async function visit(path: string) {
  const res = await page.goto(url(path));
  await hydrated(page);
  return res;
}

/** Full-page screenshot taken from the top, so sticky bars sit where a reader sees them. */
const screenshot = (p: Page, name: string) => fullPageShot(p, name, { fromTop: true });

async function flash(kind: "success" | "error" | "normal", message: string) {
  const dialog = page.locator(`dialog.flash-${kind}[open]`);
  await dialog.waitFor();
  assert.equal(await dialog.locator(".flash-msg").textContent(), message);
  return dialog;
}

async function closeFlash() {
  await page.locator("dialog.flash[open]").getByRole("button", { name: "Close" }).click();
  await page.locator("dialog.flash[open]").waitFor({ state: "detached" }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector("dialog.flash[open]"));
}

async function fieldError(id: string): Promise<string> {
  const el = page.locator(`#${id}-error`);
  await el.waitFor();
  return (await el.textContent()) ?? "";
}

/** Types into a field, replacing what was there, and leaves it. */
async function fill(id: string, value: string) {
  await page.locator(`#${id}`).fill(value);
  await page.locator(`#${id}`).blur();
}

/** The accessible names of a rich-text editor's toolbar buttons. */
async function toolbarButtons(label: string): Promise<string[]> {
  return page
    .getByRole("toolbar", { name: `Formatting of ${label}` })
    .getByRole("button")
    .evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label") ?? ""));
}

/** The computed colour of an element as [r, g, b]. */
async function rgb(selector: string, property: string): Promise<[number, number, number]> {
  const value = await page.locator(selector).evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
  assert.ok(m, `${selector} ${property}: ${value}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

async function signIn() {
  await visit("/admin/login");
  await page.locator("#username").fill(ADMIN.username);
  await page.locator("#password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(url("/admin"));
}

test("sign in: unauthenticated pages go to login, a bad password shows the message", async () => {
  const res = await visit("/admin/archives");
  assert.ok(res);
  await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Farchives$/);
  await page.locator("h1", { hasText: "Staff sign in" }).waitFor();
  assert.deepEqual(dialogs, [], "no 'session expired' alert for a first visit");
  await page.locator("#username").fill(ADMIN.username);
  await page.locator("#password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  const error = page.getByRole("alert");
  await error.waitFor();
  assert.equal((await error.textContent())?.trim(), "Invalid user and password");
  await screenshot(page, "admin-login-error");

  // The session cookie is HttpOnly: scripts cannot read it.
  await page.locator("#password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(url("/admin/archives")); // back to the page asked for
  const cookies = await context.cookies(url("/"));
  const session = cookies.find((c) => c.name === "journal_session");
  assert.ok(session, "session cookie set");
  assert.equal(session.httpOnly, true);
  assert.equal(session.sameSite, "Lax");
  assert.equal(await page.evaluate(() => document.cookie.includes("journal_session")), false);
  assert.equal(await page.evaluate(() => JSON.stringify(localStorage).includes("ey")), false);

  // An already signed-in user is sent from /admin/login to /admin.
  await visit("/admin/login");
  await page.waitForURL(url("/admin"));
  await page.locator(".dash-count").first().waitFor();
  const bar = page.locator(".admin-topbar");
  assert.match((await bar.textContent()) ?? "", /Asha Menon/);
  assert.equal(await bar.getByRole("link", { name: /Site/ }).getAttribute("target"), "_blank");
  const counts = await page.locator(".dash-count").allTextContents();
  assert.deepEqual(counts, ["0", "3"]);
  await screenshot(page, "admin-dashboard");
});

test("adds an issue (submit blocked until volume, issue and frequency are set)", async () => {
  await page.locator(".admin-nav").getByRole("link", { name: "Archives" }).click();
  await page.waitForURL(url("/admin/archives"));
  const submit = page.getByRole("button", { name: "Add issue" });
  assert.equal(await submit.isDisabled(), true);
  assert.equal(await page.locator("#year").inputValue(), String(YEAR));
  await page.locator("#volume").fill("1");
  await page.locator("#issue").fill("1");
  assert.equal(await submit.isDisabled(), true, "still blocked without a frequency");
  // Spec §9's list exactly, in order (the empty "Choose…" prompt aside).
  const choices = page.locator('#frequency option:not([value=""])');
  assert.deepEqual(await choices.allTextContents(), SPEC_FREQUENCIES);
  assert.deepEqual(await choices.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)), SPEC_FREQUENCIES);
  await page.locator("#frequency").selectOption("Jan-Mar");
  await submit.click();
  await flash("success", "Issue created successfully");
  await screenshot(page, "admin-issue-created-flash");
  await closeFlash();
  const row = page.locator(".issues-table tbody tr").first();
  assert.deepEqual(
    (await row.locator("td").allTextContents()).slice(0, 6).map((t) => t.trim()),
    [String(YEAR), "01", "01", "Jan-Mar", (await row.locator("td").nth(4).textContent())!.trim(), "000"],
  );
  assert.equal(await page.locator("#volume").inputValue(), "", "the form is empty again");
  await screenshot(page, "admin-archives");
});

test("adds an article with a PDF, trying each invalid input first", async () => {
  await page.locator(".issues-table tbody tr").first().getByRole("link", { name: /Open/ }).click();
  await page.waitForURL(url(`/admin/archives/${YEAR}/1/1`));
  await page.locator(".empty-state").waitFor();
  await screenshot(page, "admin-issue-empty");
  await page.getByRole("link", { name: "Add New" }).click();
  await page.waitForURL(url(`/admin/archives/add/${YEAR}/1/1`));

  // Defaults: today, paid.
  assert.equal(await page.locator("#publishdate").inputValue(), new Date().toISOString().slice(0, 10));
  assert.equal(await page.locator('input[name="ptype"][value="paid"]').isChecked(), true);
  assert.match((await page.locator("#title-label").textContent()) ?? "", /maximum 100 words/);

  // Submit with nothing filled: blocked, fields in red.
  await page.getByRole("button", { name: "Publish article" }).click();
  await page.locator(".form-summary").waitFor();
  assert.equal(page.url(), url(`/admin/archives/add/${YEAR}/1/1`));
  for (const id of ["refnumber", "txnid", "authorname", "pagenumber", "email", "title", "abstract", "pdfFile"]) {
    assert.equal(await fieldError(id), "This field is required", id);
  }
  assert.equal(await page.locator(".field.has-error").count() >= 8, true);
  await screenshot(page, "admin-article-required");

  // Each §5 rule, shown at its field.
  await fill("authorname", Array.from({ length: 51 }, (_, i) => `Name${"abcdefghijklmnopqrstuvwxyz"[i % 26]}`).join(" "));
  assert.equal(await fieldError("authorname"), "Author name should not exceed 50 words");
  await fill("authorname", "Anjali Sharma, R2D2");
  assert.equal(await fieldError("authorname"), "Author name must contain only alphabets, spaces, commas, and periods");
  await fill("refnumber", "12ab");
  assert.equal(await fieldError("refnumber"), "Ref number must be a valid number");
  await fill("pagenumber", "1 to 6");
  assert.equal(await fieldError("pagenumber"), "Page number format must be like 1-6");
  await fill("txnid", "#");
  assert.equal(await fieldError("txnid"), "Invalid transaction id");
  await screenshot(page, "admin-article-invalid");

  // A PDF over 5 MB: alert, file discarded.
  const big = Buffer.alloc(5_242_881, 0x20);
  big.write("%PDF-1.4\n", 0);
  await page.locator("#pdfFile").setInputFiles({ name: "too-big.pdf", mimeType: "application/pdf", buffer: big });
  await page.waitForFunction(() => (document.querySelector("#pdfFile") as HTMLInputElement).files?.length === 0);
  assert.equal(dialogs.at(-1), "File size exceeds the limit of 5 MB.");

  // The toolbars offer exactly what the sanitiser keeps: italics in titles; emphasis, sub/sup,
  // lists and http(s) links in abstracts (paragraphs come from Enter).
  assert.deepEqual(await toolbarButtons("Title (maximum 100 words)"), ["Italic"]);
  assert.deepEqual(await toolbarButtons("Abstract"), [
    "Bold", "Italic", "Subscript", "Superscript", "Bulleted list", "Numbered list", "Link", "Clear formatting",
  ]);

  // Now a valid article, with italics in the title and bold in the abstract via the toolbar.
  await fill("refnumber", "240101");
  await fill("txnid", "TXN-240101");
  await page.locator('input[name="ptype"][value="free"]').check({ force: true });
  await page.locator('input[name="ptype"][value="paid"]').check({ force: true });
  await fill("pagenumber", "1-8");
  await fill("authorname", "Dr. Anjali Sharma, Rahul Verma");
  await fill("email", "anjali@uni.example");
  await fill("mobile", "+91 98765 43210");
  await fill("country", "India");
  await fill("subject", "Agronomy");
  await fill("keywords", "rice, drip irrigation");
  const title = page.locator("#title");
  await title.click();
  await page.keyboard.type("Yield of ");
  await page.getByRole("button", { name: "Italic" }).first().click();
  await page.keyboard.type("Oryza sativa");
  await page.getByRole("button", { name: "Italic" }).first().click();
  await page.keyboard.type(" under drip irrigation");
  assert.equal(await page.locator('input[name="title"]').inputValue(), "Yield of <i>Oryza sativa</i> under drip irrigation");
  const abstract = page.locator("#abstract");
  await abstract.click();
  await page.getByRole("toolbar", { name: "Formatting of Abstract" }).getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Background:");
  await page.getByRole("toolbar", { name: "Formatting of Abstract" }).getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" Rice was grown under drip irrigation for two seasons.");
  assert.match(await page.locator('input[name="abstract"]').inputValue(), /^(<p>)?<b>Background:<\/b> Rice was grown/);
  await page.locator("#pdfFile").setInputFiles({ name: "240101.pdf", mimeType: "application/pdf", buffer: await samplePdf("Yield of Oryza sativa") });
  assert.equal(await page.locator(".form-summary").count(), 0, "no errors left");
  await screenshot(page, "admin-article-filled");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "admin-article-form-360");
  if (SCREENSHOTS) await page.screenshot({ path: "test-results/screenshots/admin-article-form-360-viewport.png" });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, "no sideways scrolling at 360 px");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Publish article" }).click();
  const announcement = page.locator("dialog.announcement[open]");
  await announcement.waitFor();
  assert.equal(await announcement.locator("h2").textContent(), "Article published");
  const message = await announcement.locator("textarea").inputValue();
  assert.match(message, /your article "Yield of Oryza sativa under drip irrigation" by Dr\. Anjali Sharma, Rahul Verma has been published in Journal of Staff Journeys, Volume 1, Issue 1/);
  assert.ok(message.includes(url(`/archives/${YEAR}/1/1/240101`)), message);
  // Copy: 'Copied!' for 2 seconds (spec §4/§9), then 'Copy' again. Sampled in the page, timed
  // from the moment 'Copied!' appears, so a slow test step cannot blur the timing.
  const copyButton = announcement.locator(".copy-btn");
  await copyButton.click();
  const samples = await copyButton.evaluate(async (btn) => {
    const start = performance.now();
    while (btn.textContent !== "Copied!") {
      if (performance.now() - start > 3000) throw new Error("never showed 'Copied!'");
      await new Promise((r) => setTimeout(r, 5));
    }
    const shown = performance.now();
    const at = (ms: number) =>
      new Promise<{ ms: number; text: string }>((r) => setTimeout(() => r({ ms: Math.round(performance.now() - shown), text: btn.textContent ?? "" }), ms));
    return Promise.all([at(1500), at(2700)]);
  });
  assert.equal(samples[0].text, "Copied!", `still 'Copied!' at ${samples[0].ms} ms`);
  assert.ok(samples[0].ms < 1900, `sampled at ${samples[0].ms} ms`);
  assert.equal(samples[1].text, "Copy", `back to 'Copy' at ${samples[1].ms} ms`);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), message);
  await copyButton.click();
  await announcement.getByRole("button", { name: "Copied!" }).waitFor();
  await screenshot(page, "admin-article-announcement");
  await announcement.getByRole("button", { name: "Add another article" }).click();

  // The form is empty again and knows the last page now.
  assert.equal(await page.locator("#refnumber").inputValue(), "");
  assert.match((await page.locator("#pagenumber-hint").textContent()) ?? "", /Last page used in this issue: 8/);
  await fill("pagenumber", "5-9");
  assert.equal(await fieldError("pagenumber"), "The the first value of the page range should be one more than the last one. The last page was 8");

  // A server-side rule: the same reference number again.
  await fill("refnumber", "240101");
  await fill("txnid", "TXN-240102");
  await fill("pagenumber", "9-14");
  await fill("authorname", "Meera Iyer");
  await fill("email", "meera@uni.example");
  await page.locator("#title").click();
  await page.keyboard.type("Soil carbon under conservation tillage");
  await page.locator("#abstract").click();
  await page.keyboard.type("Tillage changed soil carbon. Data: ");
  // A link through the toolbar's link bar (nothing selected: the address becomes the text).
  await page.getByRole("toolbar", { name: "Formatting of Abstract" }).getByRole("button", { name: "Link" }).click();
  await page.locator("#abstract-link").fill("example.org/soil-data");
  await page.locator("#abstract-link").press("Enter");
  assert.match(
    await page.locator('input[name="abstract"]').inputValue(),
    /Data: <a href="https:\/\/example\.org\/soil-data" rel="noopener noreferrer nofollow">https:\/\/example\.org\/soil-data<\/a>/,
  );
  await page.locator("#pdfFile").setInputFiles({ name: "b.pdf", mimeType: "application/pdf", buffer: await samplePdf("Soil carbon") });
  await page.getByRole("button", { name: "Publish article" }).click();
  await flash("error", "Duplicate reference number");
  await screenshot(page, "admin-article-duplicate");
  await closeFlash();
  assert.equal(await fieldError("refnumber"), "Duplicate reference number");
  await fill("refnumber", "240102");
  await page.getByRole("button", { name: "Publish article" }).click();
  await page.locator("dialog.announcement[open]").waitFor();
  await page.locator("dialog.announcement[open]").getByRole("link", { name: "Back to issue" }).click();
  await page.waitForURL(url(`/admin/archives/${YEAR}/1/1`));
  await page.locator(".articles-table tbody tr").nth(1).waitFor();
  assert.deepEqual(await page.locator(".articles-table tbody td.mono:nth-child(3)").allTextContents(), ["240101", "240102"]);
  await screenshot(page, "admin-issue-articles");
});

test("the new article is on the public issue page", async () => {
  const reader = await context.newPage();
  await reader.goto(url(`/archives/${YEAR}/vol1/issue1`));
  await reader.locator("h1", { hasText: "VOL. 01, ISSUE 01" }).waitFor();
  const titles = await reader.locator(".article-table td > p:first-child").allTextContents();
  assert.deepEqual(titles, ["Yield of Oryza sativa under drip irrigation", "Soil carbon under conservation tillage"]);
  assert.equal(await reader.locator(".article-table td > p:first-child i").first().textContent(), "Oryza sativa");
  const pdf = await reader.evaluate(async (href) => {
    const res = await fetch(href);
    return { status: res.status, head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
  }, `/assets/archives/${YEAR}/vol1issue1/240101.pdf`);
  assert.deepEqual(pdf, { status: 200, head: "%PDF-" });
  await reader.close();
});

test("edits the article (three-letter months, PDF optional) and shows the 'updated' message", async () => {
  await page.locator(".articles-table tbody tr").first().getByRole("link", { name: /Edit/ }).click();
  await page.waitForURL(/\/admin\/archives\/\d+$/);
  await page.locator("h1", { hasText: "Edit article 240101" }).waitFor();
  // The edit form's list: three-letter month names (spec §9), then the same ranges.
  const months = await page.locator('#frequency option:not([value=""])').allTextContents();
  assert.deepEqual(months, [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", ...SPEC_FREQUENCIES.slice(12),
  ]);
  assert.equal(await page.locator("#refnumber").inputValue(), "240101");
  // Reader counts and the public page, at a glance (headless Chromium counts as a bot: 0).
  assert.equal((await page.locator(".reader-counts").textContent())?.trim(), "0 views · 0 PDF downloads");
  assert.equal(await page.getByRole("link", { name: "View on the site ↗" }).getAttribute("href"), `/archives/${YEAR}/1/1/240101`);
  assert.equal(await page.locator('input[name="title"]').inputValue(), "Yield of <i>Oryza sativa</i> under drip irrigation");
  await screenshot(page, "admin-article-edit");
  await fill("authorname", "Dr. Anjali Sharma, Rahul Verma, Priya Nair");
  await page.locator("#frequency").selectOption("Mar");
  await page.getByRole("button", { name: "Save changes" }).click();
  const announcement = page.locator("dialog.announcement[open]");
  await announcement.waitFor();
  assert.equal(await announcement.locator("h2").textContent(), "Article updated");
  assert.match(await announcement.locator("textarea").inputValue(), /by Dr\. Anjali Sharma, Rahul Verma, Priya Nair, published in .* has been updated/);
  await screenshot(page, "admin-article-updated");
  await announcement.getByRole("button", { name: "Close" }).click();
  assert.equal(await page.locator("#authorname").inputValue(), "Dr. Anjali Sharma, Rahul Verma, Priya Nair");
  assert.equal(await page.locator("#frequency").inputValue(), "Mar");
});

test("toggles and pins editors, adds and edits one", async () => {
  await page.locator(".admin-nav").getByRole("link", { name: "Editors" }).click();
  await page.waitForURL(url("/admin/editors"));
  const names = async () => {
    await page.locator(".editors-table tbody tr").first().waitFor();
    return page.locator(".editors-table .a-editor-name").allTextContents();
  };
  assert.deepEqual(await names(), ["Dr. Sunil Kumar Mehta", "Dr. Ayesha Siddiqui", "Dr. Kwame Mensah"]);

  // Status switch: the list refreshes with the new state.
  const sw = page.getByRole("switch", { name: "Status of Dr. Ayesha Siddiqui" });
  assert.equal(await sw.getAttribute("aria-checked"), "true");
  // Disabling asks first (a click by mistake must not unpublish).
  await sw.click();
  const confirmDisable = page.getByRole("alertdialog", { name: "Disable Dr. Ayesha Siddiqui?" });
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/admin/editors.data") && r.request().method() === "POST"),
    confirmDisable.getByRole("button", { name: "Disable", exact: true }).click(),
  ]);
  await page.waitForFunction(() => document.querySelectorAll(".switch.is-pending").length === 0);
  assert.equal(await sw.getAttribute("aria-checked"), "false");
  await page.reload();
  await hydrated(page);
  assert.equal(await page.getByRole("switch", { name: "Status of Dr. Ayesha Siddiqui" }).getAttribute("aria-checked"), "false");
  const board = await context.newPage();
  await board.goto(url("/board"));
  assert.equal(await board.getByText("Dr. Ayesha Siddiqui").count(), 0, "a disabled editor is off the public board");
  await board.close();

  // Pin the last one: pinned first, then 'List Sorted!'.
  await page.getByRole("checkbox", { name: "Select Dr. Kwame Mensah" }).check();
  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await flash("success", "List Sorted!");
  assert.deepEqual(await names(), ["Dr. Kwame Mensah", "Dr. Sunil Kumar Mehta", "Dr. Ayesha Siddiqui"]);
  await closeFlash();
  assert.equal(await page.locator(".tag-pinned").count(), 1);
  await screenshot(page, "admin-editors");

  // Add an editor: required fields block the submit; a picture shows a preview.
  await page.getByRole("link", { name: "Add editor" }).click();
  await page.waitForURL(url("/admin/editors/add"));
  await page.getByRole("button", { name: "Add editor" }).click();
  for (const id of ["category", "post", "name", "content"]) assert.equal(await fieldError(id), "This field is required", id);
  assert.equal(page.url(), url("/admin/editors/add"));
  await page.locator("#category").selectOption("associate editor");
  assert.deepEqual((await page.locator("#post option").allTextContents()).slice(1), [
    "Professor", "Associate Professor", "Assistant Professor", "Scientist", "Head", "Lecturer",
  ]);
  await page.locator("#post").selectOption("Head");
  await fill("name", "Dr. Lena Fischer");
  await fill("degree", "Ph.D.");
  await fill("content", "Institute of Soil Science, University of Hohenheim");
  await fill("email", "lena@uni.example");
  await fill("country", "Germany");
  await page.locator("#imgFile").setInputFiles({ name: "lena.png", mimeType: "image/png", buffer: PNG });
  await page.waitForFunction(() => (document.querySelector(".picture-preview img") as HTMLImageElement)?.src.startsWith("blob:"));
  await screenshot(page, "admin-editor-add");
  await page.getByRole("button", { name: "Add editor" }).click();
  await page.waitForURL(url("/admin/editors"));
  await flash("success", "Editor created successfully");
  await closeFlash();
  assert.ok((await names()).includes("Dr. Lena Fischer"));
  const src = await page.locator("tr", { hasText: "Dr. Lena Fischer" }).locator("img").getAttribute("src");
  assert.match(src ?? "", /^\/assets\/editors\/editor-.*\.png$/);

  // Edit it.
  await page.getByRole("link", { name: "Edit Dr. Lena Fischer" }).click();
  await page.waitForURL(/\/admin\/editors\/\d+$/);
  await hydrated(page);
  assert.equal(await page.locator("#name").inputValue(), "Dr. Lena Fischer");
  await screenshot(page, "admin-editor-edit");
  await fill("name", "Prof. Dr. Lena Fischer");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL(url("/admin/editors"));
  await flash("success", "Editor updated successfully");
  await closeFlash();
  assert.ok((await names()).includes("Prof. Dr. Lena Fischer"));

  // Another journal's editor is not reachable from here.
  await visit(`/admin/editors/${otherEditorId}`);
  await page.locator("h1", { hasText: "Not Found!" }).waitFor();
});

test("changes a setting and sees it on the public site", async () => {
  await visit("/admin/settings");
  assert.equal(await page.locator("#websitename").inputValue(), SITE);
  // The hint names exactly what the journal-name sanitiser keeps.
  assert.equal(await page.locator("#formatted_journal_name-hint").textContent(), "Header version of the name. HTML allowed: <i>, <b>, <br>, <sub>, <sup>.");
  for (const id of ["issn", "google_review_link", "impactfactor", "show_subject_column", "show_cover_image", "show_editor_contacts"]) {
    assert.equal(await page.locator(`#${id}`).count(), 1, id);
  }
  await fill("websitename", "Journal of Staff Journeys (Renamed)");
  await fill("impactfactor", "Impact Factor: 5.42");
  assert.match((await page.locator(".live-preview").last().textContent()) ?? "", /Readers see: 5\.42/);
  // Untick a flag: the hidden "0" makes the change stick.
  assert.equal(await page.locator("#show_subject_column").isChecked(), true);
  await page.locator('label[for="show_subject_column"]').click();
  assert.equal(await page.locator("#show_subject_column").isChecked(), false);
  await screenshot(page, "admin-settings");
  await page.getByRole("button", { name: "Save settings" }).click();
  await flash("success", "Settings updated successfully");
  await closeFlash();
  await page.reload();
  await hydrated(page);
  assert.equal(await page.locator("#show_subject_column").isChecked(), false);
  assert.equal(await page.locator("#websitename").inputValue(), "Journal of Staff Journeys (Renamed)");

  const reader = await context.newPage();
  await reader.goto(url("/"));
  assert.equal(await reader.title(), "Journal of Staff Journeys (Renamed)");
  await reader.goto(url(`/archives/${YEAR}/vol1/issue1`));
  const headers = await reader.locator(".article-table thead th").allTextContents();
  assert.ok(!headers.includes("Subject"), headers.join(","));
  await reader.close();
});

test("downloads the index page, the certificates and the editors' certificates", async () => {
  await visit(`/admin/archives/${YEAR}/1/1`);
  const indexBtn = page.getByRole("button", { name: /Index Page/ });
  assert.equal(await indexBtn.isDisabled(), true, "nothing selected yet");
  await page.getByRole("checkbox", { name: "Select all articles" }).check();
  assert.equal(await page.locator(".articles-table tbody input[type=checkbox]:checked").count(), 2);

  const [request, download] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/pdf/indexpage")),
    page.waitForEvent("download"),
    indexBtn.click(),
  ]);
  assert.equal(request.method(), "POST");
  assert.deepEqual(request.postDataJSON(), { refnumbers: ["240101", "240102"] });
  assert.equal(download.suggestedFilename(), "Index-Page.pdf");
  assert.equal((await downloadedBytes(download)).subarray(0, 5).toString(), "%PDF-");

  const [certRequest, certs] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/pdf/bulkcertificates")),
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Certificate/ }).click(),
  ]);
  assert.deepEqual(certRequest.postDataJSON(), { refnumbers: ["240101", "240102"] });
  assert.equal(certs.suggestedFilename(), "Certificates.zip");
  assert.equal((await downloadedBytes(certs)).subarray(0, 2).toString(), "PK");
  await screenshot(page, "admin-issue-selected");

  await visit("/admin/editors");
  await page.getByRole("checkbox", { name: "Select all editors" }).check();
  const [edRequest, edCerts] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/pdf/editorscertificate")),
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Certificates/ }).click(),
  ]);
  assert.equal((edRequest.postDataJSON() as { ids: number[] }).ids.length, 4);
  assert.equal(edCerts.suggestedFilename(), "Editors-Certificate.zip");
  assert.equal((await downloadedBytes(edCerts)).subarray(0, 2).toString(), "PK");
});

const DOWNLOADS = [
  { page: () => `/admin/archives/${YEAR}/1/1`, selectAll: "Select all articles", button: /Index Page/, api: "/api/pdf/indexpage", file: "Index-Page.pdf", label: "Index Page" },
  { page: () => `/admin/archives/${YEAR}/1/1`, selectAll: "Select all articles", button: /^Certificate/, api: "/api/pdf/bulkcertificates", file: "Certificates.zip", label: "Certificate" },
  { page: () => "/admin/editors", selectAll: "Select all editors", button: /Certificates/, api: "/api/pdf/editorscertificate", file: "Editors-Certificate.zip", label: "Certificates" },
];

test("download buttons show a busy state while the file is prepared, and a clear error when the server answers 500", async () => {
  for (const d of DOWNLOADS) {
    await visit(d.page());
    await page.getByRole("checkbox", { name: d.selectAll }).check();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let calls = 0;
    await page.route(`**${d.api}`, async (route) => {
      calls += 1;
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "server_error" }) });
    });
    const button = page.locator(`button[data-filename="${d.file}"]`);
    await page.getByRole("button", { name: d.button }).click();
    // Busy while the server works: spinner, 'Preparing…', aria-busy, a status for screen readers.
    await page.waitForFunction((f) => document.querySelector(`button[data-filename="${f}"]`)?.getAttribute("aria-busy") === "true", d.file);
    assert.equal((await button.textContent())?.trim(), "Preparing…", d.file);
    assert.equal(await button.locator(".spinner").count(), 1, d.file);
    assert.equal(await page.getByRole("status").filter({ hasText: `Preparing ${d.file}…` }).count(), 1, d.file);
    if (d.file === "Index-Page.pdf") await screenshot(page, "admin-download-busy");
    // A second click while busy starts nothing new.
    await button.dispatchEvent("click");
    release();
    const dialog = await flash("error", "Something went wrong");
    const detail = (await dialog.locator(".flash-detail").textContent()) ?? "";
    assert.match(detail, new RegExp(`^${d.file.replace(".", "\\.")} was not downloaded\\. The server could not prepare the file \\(error 500\\)\\.`), detail);
    if (d.file === "Index-Page.pdf") await screenshot(page, "admin-download-error");
    await closeFlash();
    assert.equal(calls, 1, `${d.file}: one request`);
    assert.equal(await button.getAttribute("aria-busy"), "false", d.file);
    assert.match((await button.textContent()) ?? "", new RegExp(`^${d.label}`), d.file);
    await page.unroute(`**${d.api}`);
  }
});

test("download buttons answered 401 alert 'Session expired. Please login again.' and return to login", async () => {
  for (const d of DOWNLOADS) {
    await visit(d.page());
    await page.getByRole("checkbox", { name: d.selectAll }).check();
    await page.route(`**${d.api}`, async (route) => {
      // As a real expiry would: the session is gone, and the server answers 401.
      await context.addCookies([{ name: "journal_session", value: "expired.session.token", url: url("/") }]);
      await route.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ error: "unauthorized" }) });
    });
    dialogs.length = 0;
    await page.getByRole("button", { name: d.button }).click();
    await page.waitForURL(/\/admin\/login/);
    await page.locator("h1", { hasText: "Staff sign in" }).waitFor();
    await page.waitForFunction(() => !location.search.includes("expired"));
    assert.deepEqual(dialogs, ["Session expired. Please login again."], d.file);
    await page.unroute(`**${d.api}`);
    await signIn();
  }
});

test("the flash modal shows success (green), error (red) and neutral messages, each with a Close button", async () => {
  const green = ([r, g, b]: number[]) => g > r + 40 && g > b;
  const red = ([r, g, b]: number[]) => r > g + 60 && r > b + 40;
  const neutral = ([r, g, b]: number[]) => Math.max(r, g, b) - Math.min(r, g, b) < 40;

  // Success: a saved setting.
  await visit("/admin/settings");
  await fill("journal_type", "Peer reviewed, open access");
  await page.getByRole("button", { name: "Save settings" }).click();
  await flash("success", "Settings updated successfully");
  assert.ok(green(await rgb("dialog.flash[open] .modal-panel", "border-top-color")), "green bar");
  assert.ok(green(await rgb("dialog.flash[open] .flash-msg", "color")), "green text");
  await screenshot(page, "admin-flash-success");
  await closeFlash();

  // Neutral: saving when nothing was changed.
  await page.getByRole("button", { name: "Save settings" }).click();
  await flash("normal", "No changes to save.");
  assert.ok(neutral(await rgb("dialog.flash[open] .modal-panel", "border-top-color")), "neutral bar");
  assert.ok(neutral(await rgb("dialog.flash[open] .flash-msg", "color")), "neutral text");
  await screenshot(page, "admin-flash-normal");
  await closeFlash();

  // Error: an issue that already exists.
  await visit("/admin/archives");
  await page.locator("#volume").fill("1");
  await page.locator("#issue").fill("1");
  await page.locator("#frequency").selectOption("Jan-Mar");
  await page.getByRole("button", { name: "Add issue" }).click();
  const dialog = await flash("error", "Something went wrong");
  assert.equal(await dialog.locator(".flash-detail").textContent(), `Volume 1, Issue 1 of ${YEAR} already exists.`);
  assert.equal(await dialog.getAttribute("role"), "alertdialog");
  assert.ok(red(await rgb("dialog.flash[open] .modal-panel", "border-top-color")), "red bar");
  assert.ok(red(await rgb("dialog.flash[open] .flash-msg", "color")), "red text");
  await screenshot(page, "admin-flash-error");
  // Close is the one button, and it closes the modal; so does Escape.
  assert.deepEqual(await dialog.getByRole("button").allTextContents(), ["Close"]);
  await closeFlash();
  await page.getByRole("button", { name: "Add issue" }).click();
  await flash("error", "Something went wrong");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("dialog.flash[open]"));
});

test("staff open a disabled article's PDF from the admin, while the public PDF URL is 404", async () => {
  // Disable the second article.
  await visit(`/admin/archives/${YEAR}/1/1`);
  await page.getByRole("link", { name: "Edit article 240102" }).click();
  await page.waitForURL(/\/admin\/archives\/\d+$/);
  await hydrated(page);
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  const staffUrl = `/admin/files/articles/${id}.pdf`;
  assert.equal(await page.locator(".current-file a").getAttribute("href"), staffUrl);
  await page.locator("#status").selectOption("disabled");
  await page.getByRole("button", { name: "Save changes" }).click();
  // Disabling asks first (a click by mistake must not unpublish).
  await page.getByRole("alertdialog", { name: "Disable this article?" }).getByRole("button", { name: "Disable and save" }).click();
  await page.locator("dialog.announcement[open]").waitFor();
  await page.locator("dialog.announcement[open]").getByRole("link", { name: "Back to issue" }).click();
  await page.waitForURL(url(`/admin/archives/${YEAR}/1/1`));
  const row = page.locator(".articles-table tbody tr", { hasText: "240102" });
  await row.locator(".status-disabled").waitFor();
  assert.equal(await row.locator(".stat-views").count(), 1);
  await screenshot(page, "admin-issue-disabled-article");

  // The table's PDF link opens the file in a new tab.
  const [tab] = await Promise.all([context.waitForEvent("page"), row.getByRole("link", { name: "PDF of article 240102" }).click()]);
  await tab.waitForURL(url(staffUrl));
  await tab.close();
  // What that tab was sent (fetched again with the same session).
  const response = await page.evaluate(async (href) => {
    const res = await fetch(href);
    return { status: res.status, headers: Object.fromEntries(res.headers), head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
  }, staffUrl);
  assert.equal(response.status, 200);
  assert.equal(response.head, "%PDF-");
  const headers = response.headers;
  assert.equal(headers["content-type"], "application/pdf");
  assert.equal(headers["cache-control"], "private, no-store");
  assert.equal(headers["content-security-policy"], "sandbox");
  assert.equal(headers["content-disposition"], 'inline; filename="240102.pdf"');
  assert.equal(headers["x-content-type-options"], "nosniff");

  // Readers get 404 for it; the staff URL needs a session.
  const reader = await browser.newContext();
  const anon = await reader.newPage();
  const pub = await anon.goto(app.url(HOST, `/assets/archives/${YEAR}/vol1issue1/240102.pdf`));
  assert.equal(pub?.status(), 404);
  await anon.goto(app.url(HOST, staffUrl));
  await anon.waitForURL(/\/admin\/login\?next=/);
  await reader.close();
});

test("DOMPurify ships only with admin pages: no reader route's chunks import it (client build manifest)", () => {
  const assets = path.join(import.meta.dirname, "../../build/client/assets");
  const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const source = (f: string) => readFileSync(path.join(assets, f), "utf8");
  // DOMPurify's own hook names survive minification.
  const purifyChunks = files.filter((f) => source(f).includes("uponSanitizeAttribute"));
  assert.ok(purifyChunks.length > 0, "DOMPurify is in the client build");
  // The static import closure of a chunk, read from the chunks themselves.
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const f = path.basename(queue.pop()!);
      if (seen.has(f) || !files.includes(f)) continue;
      seen.add(f);
      for (const m of source(f).matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1]);
    }
    return seen;
  };
  const manifestFile = files.find((f) => /^manifest-[\w-]+\.js$/.test(f));
  assert.ok(manifestFile, "React Router's client manifest");
  const manifest = JSON.parse(/^window\.__reactRouterManifest=(.*);?\s*$/s.exec(source(manifestFile))![1].replace(/;\s*$/, "")) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const loads = (r: { module: string; imports?: string[] }) => closure([r.module, ...(r.imports ?? [])]);
  const withPurify = (r: { module: string; imports?: string[] }) => [...loads(r)].filter((f) => purifyChunks.includes(f));
  assert.deepEqual(withPurify(manifest.entry), [], "entry.client");
  const readerRoutes = Object.keys(manifest.routes).filter((id) => !id.startsWith("routes/admin/"));
  assert.ok(readerRoutes.includes("root") && readerRoutes.some((id) => id.startsWith("routes/public/")));
  for (const id of readerRoutes) assert.deepEqual(withPurify(manifest.routes[id]), [], id);
  // And the pages with a rich-text editor do load it.
  for (const id of ["routes/admin/article-add", "routes/admin/article-edit", "routes/admin/settings"]) {
    assert.ok(withPurify(manifest.routes[id]).length > 0, id);
  }
});

test("searches articles from the top bar", async () => {
  await page.locator("#admin-q").fill("240102");
  await page.locator("#admin-q").press("Enter");
  await page.waitForURL(url("/admin/search?q=240102"));
  await page.getByRole("link", { name: "Edit article 240102" }).waitFor();
  await screenshot(page, "admin-search");
  await page.locator("#admin-q").fill("no-such-article-anywhere");
  await page.locator("#admin-q").press("Enter");
  await page.locator("h2", { hasText: "Not Found!" }).waitFor();
  await screenshot(page, "admin-search-empty");
  await visit("/admin/some/unknown/page");
  await page.locator("h1", { hasText: "Not Found!" }).waitFor();
  await screenshot(page, "admin-not-found");
});

test("signs out", async () => {
  await visit("/admin");
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(url("/admin/login?signed_out=1"));
  await page.getByRole("status").filter({ hasText: "You have been signed out." }).waitFor();
  assert.equal((await context.cookies(url("/"))).some((c) => c.name === "journal_session"), false);
  await visit("/admin/editors");
  await page.waitForURL(/\/admin\/login/);
});

test("an expired session alerts 'Session expired. Please login again.' and returns to login", async () => {
  const expired = "Session expired. Please login again.";
  // While navigating between admin pages.
  await signIn();
  await visit("/admin/archives");
  await context.addCookies([{ name: "journal_session", value: "expired.session.token", url: url("/") }]);
  dialogs.length = 0;
  await page.locator(".admin-nav").getByRole("link", { name: "Editors" }).click();
  await page.waitForURL(/\/admin\/login/);
  await page.waitForFunction(() => !location.search.includes("expired"));
  assert.deepEqual(dialogs, [expired]);
  await screenshot(page, "admin-login-after-expiry");

  // During a download (a 401 from /api/pdf).
  await signIn();
  await visit(`/admin/archives/${YEAR}/1/1`);
  await page.getByRole("checkbox", { name: "Select all articles" }).check();
  await context.addCookies([{ name: "journal_session", value: "expired.session.token", url: url("/") }]);
  dialogs.length = 0;
  await page.getByRole("button", { name: /Index Page/ }).click();
  await page.waitForURL(/\/admin\/login/);
  // The sign-in page is the one place that alerts (every kind of admin action ends there).
  await page.waitForFunction(() => !location.search.includes("expired"));
  assert.deepEqual(dialogs, [expired]);

  // While submitting a form.
  await signIn();
  await visit("/admin/settings");
  await fill("journal_language", "English, Hindi");
  await context.addCookies([{ name: "journal_session", value: "expired.session.token", url: url("/") }]);
  dialogs.length = 0;
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.waitForURL(/\/admin\/login/);
  await page.waitForFunction(() => !location.search.includes("expired"));
  assert.deepEqual(dialogs, [expired]);
});

test("journal B's admin sees only B's data", async () => {
  const other = await browser.newPage();
  await other.goto(app.url(OTHER_HOST, "/admin/login"));
  await other.locator("#username").fill("bob");
  await other.locator("#password").fill("other-journal-password");
  await other.getByRole("button", { name: "Sign in" }).click();
  await other.waitForURL(app.url(OTHER_HOST, "/admin"));
  await other.locator(".dash-count").first().waitFor();
  assert.deepEqual(await other.locator(".dash-count").allTextContents(), ["0", "1"]);
  await other.goto(app.url(OTHER_HOST, `/admin/archives/${YEAR}/1/1`));
  await other.locator("h1", { hasText: "Not Found!" }).waitFor();
  await other.close();
  // And A's credentials do not work on B.
  const cross = await browser.newPage();
  await cross.goto(app.url(OTHER_HOST, "/admin/login"));
  await cross.locator("#username").fill(ADMIN.username);
  await cross.locator("#password").fill(ADMIN.password);
  await cross.getByRole("button", { name: "Sign in" }).click();
  await cross.getByRole("alert").waitFor();
  assert.equal((await cross.getByRole("alert").textContent())?.trim(), "Invalid user and password");
  await cross.close();
});

test("no console errors on the admin pages (other than the refused requests and 404 pages the tests asked for)", () => {
  const unexpected = problems.filter((p) => !/status of (400|401|404|409|413|500)/.test(p));
  assert.deepEqual(unexpected, []);
});
