/**
 * Hostile input through the admin UI, in a real browser against the production build with the
 * CSP enforced: what only a browser shows. Every payload of the matrix at once is typed and
 * pasted (as HTML, a real paste event) into the rich-text editors — whose own sanitising runs in
 * the page — and entered into every text field of the article, editor and settings forms; then
 * the public and admin pages are opened and checked after hydration: no JavaScript dialog, no
 * injected element or attribute in the DOM, no CSP violation, the payloads shown as text or
 * stripped. Each payload on its own through every field, and the pages as served, are
 * test/workers/hostile-forms.test.ts (workerd, no browser needed).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { HOSTILE_CASES, hostilePages, INJECTION_RULE, type HostileCheck as Check } from "../hostile-payloads.ts";
import { hydrated, launchBrowser, requireChromium, screenshot, startApp, watchPage, type App } from "./harness.ts";
import { addIssue } from "./data.ts";

const HOST = "hostile.localhost";
const ADMIN = { username: "guard", password: "hostile-input-password-1", name: "Gita Guard" };
const YEAR = new Date().getUTCFullYear();
const AUTHOR_MESSAGE = "Author name must contain only alphabets, spaces, commas, and periods";

let app: App;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
const dialogs: string[] = [];

before(async () => {
  requireChromium();
  app = await startApp(
    [
      {
        slug: "hostile",
        name: "Journal of Hostile Input",
        hosts: [HOST],
        admin: ADMIN,
        // Every optional column and contact line on, so every field reaches a public page.
        settings: { websitename: "Journal of Hostile Input", show_subject_column: true, show_editor_contacts: true, timezone: "UTC" },
      },
    ],
    async (env, [id]) => {
      await addIssue(env, id, { year: YEAR, volume: 1, issue: 1, frequency: "Jan-Mar" });
    },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Every document records the CSP violations it sees, from before its first script.
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  page = await context.newPage();
  ({ problems } = watchPage(page));
  page.on("console", (m) => {
    if (/Content Security Policy/.test(m.text())) problems.push(`CSP on ${page.url()}: ${m.text().slice(0, 120)}`);
  });
  page.on("dialog", async (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  await signIn();
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

async function signIn() {
  await visit("/admin/login");
  await page.locator("#username").fill(ADMIN.username);
  await page.locator("#password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(url("/admin"));
}

/** Fills a field and leaves it; answers what the field holds (its maxlength may cut a long payload). */
async function fill(id: string, value: string): Promise<string> {
  await page.locator(`#${id}`).fill(value);
  await page.locator(`#${id}`).blur();
  return page.locator(`#${id}`).inputValue();
}

async function samplePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** Pastes HTML into a rich-text editor the way a browser delivers a paste (a real paste event). */
async function pasteHtml(id: string, html: string) {
  await page.locator(`#${id}`).click();
  await page.keyboard.press("Control+End");
  await page.locator(`#${id}`).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData("text/html", value);
    data.setData("text/plain", "pasted plain text");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** Types text (the payload as characters) at the end of a rich-text editor. */
async function typeInto(id: string, text: string) {
  await page.locator(`#${id}`).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

/**
 * Elements and attributes a payload could have injected (INJECTION_RULE), found in the page's
 * document or in an HTML string (parsed inertly). Runs in the page: everything it uses is passed in.
 */
function findInjected({ html, rule }: { html?: string; rule: typeof INJECTION_RULE }): string[] {
  const root: ParentNode = html === undefined ? document : new DOMParser().parseFromString(html, "text/html");
  const found: string[] = [];
  const TEXT_ATTRS = new Set(rule.textAttrs);
  const URL_ATTRS = new Set(rule.urlAttrs);
  for (const el of Array.from(root.querySelectorAll("*"))) {
    const tag = el.tagName.toLowerCase();
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on")) found.push(`<${tag} ${name}=${a.value.slice(0, 60)}>`);
      else if (URL_ATTRS.has(name) && /^\s*(javascript|data|vbscript):/i.test(a.value) && (a.value.includes("XSS") || !/^data:image\//i.test(a.value))) {
        found.push(`<${tag} ${name}=${a.value.slice(0, 60)}>`);
      } else if (a.value.includes("XSS-") && !TEXT_ATTRS.has(name) && !URL_ATTRS.has(name) && !rule.valueTags.includes(tag)) {
        found.push(`<${tag} ${name}=${a.value.slice(0, 60)}>`);
      }
    }
    if (tag === "img" && el.getAttribute("src") === "x") found.push("<img src=x>");
    if (tag === "script") {
      // The page's own data scripts carry the stored text as (escaped) JSON: that is data, not code.
      const own = /json/i.test(el.getAttribute("type") ?? "") || /^\s*window\.__reactRouter/.test(el.textContent ?? "");
      if (!own && ((el.textContent ?? "").includes("XSS-") || (el.getAttribute("src") ?? "").includes("XSS-"))) found.push(`<script>${el.outerHTML.slice(0, 80)}`);
    } else if (rule.containerTags.includes(tag) && (el.outerHTML.includes("XSS-") || el.getAttribute("src") === "x")) {
      found.push(`<${tag}>${el.outerHTML.slice(0, 80)}`);
    }
  }
  return found;
}

const injectedInPage = () => page.evaluate(findInjected, { rule: INJECTION_RULE });

/** Opens a page and checks it: no dialog, no injected element, no CSP violation, expected text shown. */
async function checkPage({ path, shows = [] }: Check, label: string) {
  dialogs.length = 0;
  const res = await page.goto(url(path));
  assert.ok(res && res.status() < 500, `${label} ${path}: HTTP ${res?.status()}`);
  await page.waitForLoadState("load");
  await page.waitForTimeout(250); // let any injected image error or load handler try to run
  const injected = await injectedInPage();
  assert.deepEqual(injected, [], `${label}: injected markup on ${path}`);
  const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  assert.deepEqual(csp, [], `${label}: CSP violations on ${path}`);
  assert.deepEqual(dialogs, [], `${label}: a dialog fired on ${path}`);
  const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, " "));
  for (const t of shows) {
    const near = text.indexOf(t.slice(0, 20));
    assert.ok(text.includes(t), `${label}: ${path} should show ${JSON.stringify(t)} as text; it shows ${JSON.stringify(text.slice(Math.max(0, near), near + 600))}`);
  }
}

/** An HTML string contains nothing a payload could have injected, and only http(s) links. */
async function assertClean(html: string, label: string) {
  assert.deepEqual(await page.evaluate(findInjected, { html, rule: INJECTION_RULE }), [], `${label}: ${html.slice(0, 200)}`);
  const bad = await page.evaluate(({ value, allowed }) => {
    const doc = new DOMParser().parseFromString(value, "text/html");
    return Array.from(doc.body.querySelectorAll("*"))
      .filter((el) => !allowed.includes(el.tagName.toLowerCase()) || (el.tagName === "A" && !/^https?:\/\//i.test(el.getAttribute("href") ?? "https://")))
      .map((el) => el.outerHTML.slice(0, 80));
  }, { value: html, allowed: INJECTION_RULE.allowedTags });
  assert.deepEqual(bad, [], `${label}: only allowlisted markup`);
}

// ---- Every payload at once -------------------------------------------------------------------

test("every hostile payload at once in every admin text and HTML field, typed and pasted: shown as text or stripped, never run, on public and admin pages after hydration", async () => {
  const id = "all";
  const p = HOSTILE_CASES.map((c) => c.payload(id)).join(" ");
  const ref = "880001";
  const pages = "11-15";
  const titleText = `Hostile title ${id} ${p}`;
  const label = "[all payloads]";

  // ---- Article: add through the form ----
  await visit(`/admin/archives/add/${YEAR}/1/1`);
  await fill("refnumber", ref);
  await fill("txnid", `TXN-H-${ref}`);
  await fill("pagenumber", pages);
  await fill("email", `author${id}@uni.example ${p}`);
  await fill("mobile", `+91 98765 ${p}`);
  // (Stored trimmed: the field's maxlength may cut the run of payloads just after a space.)
  const country = (await fill("country", `India ${p}`)).trim();
  await fill("subject", `Agronomy ${p}`);
  await fill("keywords", `rice, ${p}`);
  // A DOI must look like one (Crossref's pattern): the payload is refused at the
  // field, and so is a quote-laden one that once passed the looser check.
  await fill("doi", `10.5555/${id}${p}`);
  assert.equal((await page.locator("#doi-error").textContent())?.trim(), "Enter a DOI like 10.1234/journal.2025.001", label);
  await fill("doi", `10.5555/${id}'onmouseover=alert('XSS-${id}')//`);
  assert.equal((await page.locator("#doi-error").textContent())?.trim(), "Enter a DOI like 10.1234/journal.2025.001", label);
  await fill("doi", `10.5555/${id}(x);v:1`);
  // Authors: refused with the spec's message, at the field.
  await fill("authorname", `Anjali Sharma ${p}`);
  assert.equal((await page.locator("#authorname-error").textContent())?.trim(), AUTHOR_MESSAGE, label);
  await fill("authorname", "Anjali Sharma, Rahul Verma");
  // Title and abstract: typed as characters, and pasted as HTML.
  await typeInto("title", titleText);
  await pasteHtml("title", ` <i>kept</i> ${p}`);
  await typeInto("abstract", `Typed abstract ${id} ${p}`);
  await pasteHtml("abstract", `<p>Pasted <b>abstract</b> ${id} <a href="https://example.org/ok">ok link</a></p>${p}`);
  const titleHtml = await page.locator('input[name="title"]').inputValue();
  const abstractHtml = await page.locator('input[name="abstract"]').inputValue();
  await assertClean(titleHtml, `${label} title field`);
  await assertClean(abstractHtml, `${label} abstract field`);
  assert.ok(titleHtml.includes("<i>kept</i>"), `${label} title keeps italics: ${titleHtml}`);
  assert.ok(abstractHtml.includes('<a href="https://example.org/ok"'), `${label} abstract keeps the http(s) link: ${abstractHtml}`);
  assert.deepEqual(await injectedInPage(), [], `${label} the add form itself`);
  // Sanitising in the browser never even parses a handler: no CSP report from typing or pasting.
  await page.waitForTimeout(200);
  assert.deepEqual(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), [], `${label} CSP on the add form`);
  assert.deepEqual(problems.filter((x) => x.startsWith("CSP")), [], `${label} CSP reports so far (typing, pasting, pages)`);
  await page.locator("#pdfFile").setInputFiles({ name: `${ref}.pdf`, mimeType: "application/pdf", buffer: await samplePdf(`Hostile ${id}`) });
  await page.getByRole("button", { name: "Publish article" }).click();
  const announcement = page.locator("dialog.announcement[open]");
  await announcement.waitFor();
  await announcement.getByRole("button", { name: "Add another article" }).click();

  // ---- Editor: add through the form (post from a tampered select) ----
  await visit("/admin/editors/add");
  await page.locator("#category").selectOption("associate editor");
  const post = `Professor ${p}`;
  await page.locator("#post").evaluate((el, value) => (el as unknown as HTMLSelectElement).add(new Option(value, value)), post);
  await page.locator("#post").selectOption(post);
  // The name is stored cleaned (markup removed), so pages show the cleaned text.
  const { cleanField } = await import("../../app/schemas/html-fields.ts");
  const editorName = cleanField("editors", "name", await fill("name", `Dr. Hostile ${id} ${p}`));
  await fill("degree", `Ph.D. ${p}`);
  await fill("content", `Institute ${id} ${p}`);
  await fill("email", `ed${id}@uni.example${p}`);
  await fill("phone", `+91 ${p}`);
  await fill("country", `Nepal ${p}`);
  // A website must be an http(s) address: the payload is refused at the field.
  await fill("editor_website", p);
  await page.getByRole("button", { name: "Add editor" }).click();
  assert.equal((await page.locator("#editor_website-error").textContent())?.trim(), "Enter a web address starting with http:// or https://", label);
  await fill("editor_website", `https://example.org/${id}?q=${encodeURIComponent(p).replace(/'/g, "%27")}`);
  await page.getByRole("button", { name: "Add editor" }).click();
  await page.waitForURL(url("/admin/editors"));
  await page.locator("dialog.flash-success[open]").waitFor();
  const editorHref = await page.getByRole("link", { name: `Edit ${editorName}` }).getAttribute("href");
  assert.ok(editorHref, `${label} editor listed`);

  // ---- Settings: every text field ----
  await visit("/admin/settings");
  const fields = await page.locator(".settings-form input[type=text][name], .settings-form input[type=email][name], .settings-form input[type=tel][name], .settings-form input[type=url][name], .settings-form textarea[name]").evaluateAll((els) =>
    els.map((e) => (e as HTMLInputElement).name),
  );
  assert.ok(fields.includes("formatted_journal_name") && fields.includes("websitename") && fields.length >= 21, fields.join(","));
  const settingText = (field: string) => `${field} ${id} ${p}`;
  // What each field kept (a field's maxlength cuts the long run of payloads).
  const kept: Record<string, string> = {};
  for (const field of fields) kept[field] = await fill(field, settingText(field));
  await typeInto("home_content", `Typed home ${id} ${p}`);
  await pasteHtml("home_content", `<p>Pasted home ${id}</p>${p}`);
  await assertClean(await page.locator('input[name="home_content"]').inputValue(), `${label} home content field`);
  await page.waitForTimeout(200);
  assert.deepEqual(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), [], `${label} CSP on the settings form`);
  assert.deepEqual(problems.filter((x) => x.startsWith("CSP")), [], `${label} CSP reports so far (typing, pasting, pages)`);
  // The time zone and the review link accept only what they are: refused at the field.
  await page.getByRole("button", { name: "Save settings" }).click();
  assert.equal((await page.locator("#timezone-error").textContent())?.trim(), "Choose a time zone from the list, e.g. Asia/Kolkata", label);
  assert.equal((await page.locator("#google_review_link-error").textContent())?.trim(), "Enter a web address starting with https://", label);
  assert.deepEqual(await injectedInPage(), [], `${label} settings form with the live preview`);
  // So do the DOI settings: prefix, suffix pattern and depositor e-mail are refused at
  // their fields; the free-text ones keep the payload (within Crossref's lengths).
  assert.equal((await page.locator("#doi_prefix-error").textContent())?.trim(), "Enter the Crossref prefix: 10. followed by 4 to 9 digits, e.g. 10.12345", label);
  assert.match((await page.locator("#doi_suffix_pattern-error").textContent()) ?? "", /placeholder|letters, digits|at most 100|\{refnumber\}/, label);
  // (All payloads at once are longer than an address may be: refused for its length first. The
  // address rule on each payload alone: test/workers/hostile-forms.test.ts.)
  assert.match((await page.locator("#doi_depositor_email-error").textContent())?.trim() ?? "", /^(Enter an e-mail address, e\.g\. doi@publisher\.example|Keep this to at most 200 characters)$/, label);
  await fill("doi_prefix", "10.12345");
  await fill("doi_suffix_pattern", "{slug}.{year}.v{volume}i{issue}.{refnumber}");
  await fill("doi_depositor_email", `doi-${id}@publisher.example`);
  for (const field of ["doi_depositor_name", "doi_registrant", "abbrev_title"]) await fill(field, settingText(field).slice(0, 120));
  await fill("timezone", "UTC");
  await fill("google_review_link", `https://g.page/r/${id}`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.locator("dialog.flash-success[open]").waitFor();
  const siteName = kept.websitename;

  // ---- The pages ----
  const checks: Check[] = hostilePages({ year: YEAR, id, p, ref, titleText, editorName, country, siteName, journalType: kept.journal_type, editorHref: editorHref! });
  // The article's edit form (found from the issue table).
  await visit(`/admin/archives/${YEAR}/1/1`);
  const editHref = await page.getByRole("link", { name: `Edit article ${ref}` }).getAttribute("href");
  checks.push({ path: editHref!, shows: [] });
  for (const check of checks) await checkPage(check, label);
  // The edit forms hold the payloads as values (text), intact.
  await visit(editorHref!);
  assert.equal(await page.locator("#name").inputValue(), editorName);
  await visit(editHref!);
  assert.equal(await page.locator("#country").inputValue(), country);
  await page.addStyleTag({ content: ".sticky-actions { position: static !important; }" });
  await screenshot(page, `hostile-${id}-article-edit`);
  await visit("/");
  await screenshot(page, `hostile-${id}-home`);
});

test("no page errors or unexpected console errors while the hostile cases ran", () => {
  const unexpected = problems.filter((p) => !/status of (400|404)/.test(p));
  // (CSP reports are in `problems` too, with the page they happened on.)
  assert.deepEqual(unexpected, []);
});
