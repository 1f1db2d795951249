/**
 * Staff forms in a real browser: a double-clicked "Add issue" makes one issue and no error; the
 * logo is not removed without confirming; disabling an editor asks first; the issue list pages
 * and filters by year; the admin top bar fits on one row at 1366 px; the public search past its
 * last page says where the results are.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { discPng, rgbaPng } from "../images.ts";
import { axe } from "./axe.ts";
import { hydrated, launchBrowser, requireChromium, screenshot, startApp, watchPage, type App } from "./harness.ts";
import type { Issue } from "../../app/models/issues.server.ts";
import { addArticle, addEditor, addIssue, insertArticleRows } from "./data.ts";

const HOST = "ux-a.localhost";
// A long name: the top bar must show it whole at 1366 px.
const SITE = "International Journal of Agricultural and Life Sciences Research";
const ADMIN = { username: "meera", password: "admin-ux-password-1", name: "Meera Krishnan" };
const YEAR = new Date().getUTCFullYear();

// Well-formed (the upload check refuses a PNG whose chunk checksums are wrong).
const PNG = Buffer.from(rgbaPng(2, 2));

let app: App;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

before(async () => {
  requireChromium();
  app = await startApp(
    [{ slug: "ux-a", name: SITE, hosts: [HOST], admin: ADMIN, settings: { websitename: SITE } }],
    async (env, [j]) => {
      // 3 years × 10 issues (the newest year is the current one); 45 "amaranth" articles in the oldest issue.
      const issues = new Map<string, Issue>();
      for (const [k, year] of [YEAR - 2, YEAR - 1, YEAR].entries()) {
        for (let n = 1; n <= 10; n++) issues.set(`${year}/${k + 1}/${n}`, await addIssue(env, j, { year, volume: k + 1, issue: n, frequency: "January" }));
      }
      // Volume for paging: one batch (the use-case, one call per article, would take seconds).
      await insertArticleRows(
        env,
        j,
        issues.get(`${YEAR - 2}/1/1`)!,
        Array.from({ length: 45 }, (_, i) => ({ refnumber: String(880001 + i), title: `Amaranth study number ${i + 1}`, authorname: "Dr. Anjali Sharma", pagenumber: `${i + 1}-${i + 1}`, publishdate: `${YEAR - 2}-01-15` })),
      );
      // A disabled article (withdrawn) in the next issue: admin search must still find it by its author's name.
      await addArticle(env, j, issues.get(`${YEAR - 2}/1/2`)!, { refnumber: "889001", title: "Withdrawn teff trial", authorname: "Dr. Zoë Kwarteng", pagenumber: "90-91", publishdate: `${YEAR - 2}-01-15` }, { status: "disabled" });
      await addEditor(env, j, { name: "Dr. Kwame Mensah", category: "associate editor", post: "Professor", content: "University of Ghana" });
    },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  ({ problems } = watchPage(page));
  page.on("dialog", (d) => void d.dismiss());
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

async function flashText(kind: "success" | "error" | "normal"): Promise<string> {
  const dialog = page.locator(`dialog.flash-${kind}[open]`);
  await dialog.waitFor();
  return (await dialog.locator(".flash-msg").textContent()) ?? "";
}

async function closeFlash() {
  await page.locator("dialog.flash[open]").getByRole("button", { name: "Close" }).click();
  await page.waitForFunction(() => !document.querySelector("dialog.flash[open]"));
}

test("sign in", async () => {
  await visit("/admin/login");
  await page.locator("#username").fill(ADMIN.username);
  await page.locator("#password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(url("/admin"));
});

test("the admin top bar fits on one row at 1366 px and shows the whole journal name", async () => {
  await visit("/admin");
  const m = await page.evaluate(() => {
    const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
    const name = document.querySelector(".admin-brand-name") as HTMLElement;
    const parts = [".admin-brand", ".admin-nav", ".admin-search", ".admin-account"].map((s) => ({ s, ...box(s).toJSON() }));
    return { bar: box(".admin-topbar").height, parts, nameCut: name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1, nameText: name.textContent };
  });
  assert.equal(m.nameText, SITE);
  assert.equal(m.nameCut, false, "the journal name is cut");
  // One row: every part overlaps every other vertically (a second row would start below the first's bottom).
  for (const a of m.parts) for (const b of m.parts) assert.ok(a.top < b.bottom && b.top < a.bottom, `${a.s} and ${b.s} are on different rows: ${JSON.stringify(m.parts)}`);
  assert.ok(m.bar < 80, `top bar is ${m.bar} px high`);
  await screenshot(page, "admin-ux-topbar-1366");
});

test("issue list: every year newest first, paged, filtered by year, with article counts", async () => {
  await visit("/admin/archives");
  await page.getByText("30 issues in 3 years").waitFor();
  await page.locator(".admin-pager").getByText("Page 1 of 2").waitFor();
  const headings = await page.locator("tr.year-row th").allTextContents();
  assert.ok(headings[0].startsWith(String(YEAR)), headings.join(" | "));
  assert.ok(headings[1].startsWith(String(YEAR - 1)), headings.join(" | "));
  await page.locator(".admin-pager").getByRole("link", { name: "Page 2" }).click();
  await page.waitForURL(url("/admin/archives?page=2"));
  await page.locator(".admin-pager").getByText("Page 2 of 2").waitFor();
  const oldest = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Open volume 1, issue 1 (${YEAR - 2})` }) });
  assert.equal(await oldest.locator(".count-pill").textContent(), "045");
  await page.locator(".year-filter").getByRole("link", { name: `${YEAR - 1} (10)` }).click();
  await page.waitForURL(url(`/admin/archives?year=${YEAR - 1}`));
  await page.getByRole("heading", { name: `Issues of ${YEAR - 1}` }).waitFor();
  assert.equal(await page.getByRole("link", { name: /^Open volume/ }).count(), 10);
  assert.equal(await page.locator(".admin-pager").count(), 0);
  await screenshot(page, "admin-ux-archives-year");
  assert.deepEqual(await axe(page), []);
});

test("a double-clicked 'Add issue' creates one issue and shows no error", async () => {
  await visit("/admin/archives");
  await page.locator("#volume").fill("3");
  await page.locator("#issue").fill("11");
  await page.locator("#frequency").selectOption("November");
  await page.getByRole("button", { name: "Add issue" }).dblclick();
  assert.equal(await flashText("success"), "Issue created successfully");
  await closeFlash();
  // And a script that submits the form twice in one go.
  await page.locator("#volume").fill("3");
  await page.locator("#issue").fill("12");
  await page.locator("#frequency").selectOption("December");
  await page.evaluate(() => {
    const form = document.querySelector("form.add-issue") as HTMLFormElement;
    form.requestSubmit();
    form.requestSubmit();
  });
  assert.equal(await flashText("success"), "Issue created successfully");
  await closeFlash();
  assert.equal(await page.locator("dialog.flash-error[open]").count(), 0);
  await visit(`/admin/archives?year=${YEAR}`);
  assert.equal(await page.getByRole("link", { name: `Open volume 3, issue 11 (${YEAR})` }).count(), 1);
  assert.equal(await page.getByRole("link", { name: `Open volume 3, issue 12 (${YEAR})` }).count(), 1);
  await page.locator(".year-filter").getByRole("link", { name: `${YEAR} (12)` }).waitFor();
});

test("'Remove logo' changes nothing until confirmed", async () => {
  await visit("/admin/settings");
  await page.locator("#logoFile").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload logo" }).click();
  assert.equal(await flashText("success"), "Logo updated");
  await closeFlash();
  const logoSrc = await page.locator('img[alt="Current logo"]').getAttribute("src");
  assert.ok(logoSrc);

  await page.getByRole("button", { name: "Remove logo" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove the logo?" });
  await dialog.waitFor();
  assert.match((await dialog.textContent()) ?? "", /Readers will stop seeing the logo on every certificate and cover page/);
  // Cancel has the focus: Enter on a stray keypress cancels.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Cancel");
  await screenshot(page, "admin-ux-remove-logo-confirm");
  assert.deepEqual(await axe(page), []);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Remove logo" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "hidden" });
  await visit("/admin/settings");
  assert.equal(await page.locator('img[alt="Current logo"]').getAttribute("src"), logoSrc);
  assert.equal(await page.evaluate(async (src) => (await fetch(src)).status, logoSrc!), 200);

  await page.getByRole("button", { name: "Remove logo" }).click();
  await dialog.getByRole("button", { name: "Remove logo" }).click();
  assert.equal(await flashText("success"), "Logo removed");
  await closeFlash();
  await page.locator('img[alt="Current logo"]').waitFor({ state: "detached" });
});

test("'Remove stamp' changes nothing until confirmed, and the stamp form is safe to submit twice", async () => {
  await visit("/admin/settings");
  await page.locator("#stampFile").setInputFiles({ name: "stamp.png", mimeType: "image/png", buffer: Buffer.from(discPng(120, [30, 60, 160])) });
  await page.getByRole("button", { name: "Upload stamp" }).dblclick();
  assert.equal(await flashText("success"), "Stamp updated");
  await closeFlash();
  assert.equal(await page.locator("dialog.flash-error[open]").count(), 0);
  const stampSrc = await page.locator('img[alt="Current stamp"]').getAttribute("src");
  assert.ok(stampSrc);

  const dialog = page.getByRole("alertdialog", { name: "Remove the stamp?" });
  await page.getByRole("button", { name: "Remove stamp" }).click();
  await dialog.waitFor();
  assert.match((await dialog.textContent()) ?? "", /Certificates downloaded from now on will carry no stamp/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "hidden" });
  await visit("/admin/settings");
  assert.equal(await page.locator('img[alt="Current stamp"]').getAttribute("src"), stampSrc);

  await page.getByRole("button", { name: "Remove stamp" }).click();
  await dialog.getByRole("button", { name: "Remove stamp" }).click();
  assert.equal(await flashText("success"), "Stamp removed");
  await closeFlash();
  await page.locator('img[alt="Current stamp"]').waitFor({ state: "detached" });
});

test("disabling an editor asks first and says what readers lose", async () => {
  await visit("/admin/editors");
  const toggle = page.getByRole("switch", { name: "Status of Dr. Kwame Mensah" });
  await toggle.click();
  const dialog = page.getByRole("alertdialog", { name: "Disable Dr. Kwame Mensah?" });
  await dialog.waitFor();
  assert.match((await dialog.textContent()) ?? "", /Readers will stop seeing this editor on the editorial board page/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  assert.equal(await toggle.getAttribute("aria-checked"), "true");
  await toggle.click();
  await dialog.getByRole("button", { name: "Disable" }).click();
  await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute("aria-checked") === "false");
  await page.waitForFunction(() => document.querySelectorAll(".switch.is-pending").length === 0);
  // Enabling needs no confirmation.
  await toggle.click();
  await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute("aria-checked") === "true");
  assert.equal(await page.getByRole("alertdialog").count(), 0);
});

test("admin search from the top bar finds issues ('vol 2 issue 5') and articles", async () => {
  await visit("/admin");
  await page.locator("#admin-q").fill("vol 2 issue 5");
  await page.locator("#admin-q").press("Enter");
  await page.waitForURL(/\/admin\/search\?q=vol\+2\+issue\+5$/);
  await page.getByRole("link", { name: `Open volume 2, issue 5 (${YEAR - 1})` }).click();
  await page.waitForURL(url(`/admin/archives/${YEAR - 1}/2/5`));
  await visit("/admin/search?q=amaranth");
  await page.getByText("45 articles match").waitFor();
  await page.locator(".admin-pager").getByText("Page 1 of 3").waitFor();
  assert.deepEqual(await axe(page), []);
  // A disabled article by an author's name, typed without the diacritic (the admin search's own index, which folds diacritics).
  await page.locator("#admin-q").fill("zoe kwarteng");
  await page.locator("#admin-q").press("Enter");
  await page.waitForURL(/\/admin\/search\?q=zoe\+kwarteng$/);
  await page.getByText("1 article matches").waitFor();
  const row = page.locator("tr", { hasText: "Withdrawn teff trial" });
  assert.equal(await row.locator(".status").textContent(), "Disabled");
  await screenshot(page, "admin-search-disabled-by-author");
});

test("public search past the last page says 'Page N of M' with a link back; pages are numbered", async () => {
  await visit("/search?keyword=amaranth&page=99");
  const status = page.locator("main .empty-state");
  await status.waitFor();
  assert.match((await status.textContent()) ?? "", /45 articles found for .?amaranth.?\. Page 99 of 3 has no results: go to page 3 or back to page 1\./);
  assert.doesNotMatch((await page.locator("main").textContent()) ?? "", /nothing matched/);
  await status.getByRole("link", { name: "go to page 3" }).click();
  await page.waitForURL(url("/search?keyword=amaranth&page=3"));
  await page.locator(".pager").getByText("Page 3 of 3").waitFor();
  await page.locator(".pager").getByRole("link", { name: "Page 1" }).click();
  await page.waitForURL(url("/search?keyword=amaranth"));
  // The URL changes before the new page has rendered (client-side navigation): wait for it.
  await page.locator(".pager").getByText("Page 1 of 3").waitFor();
  assert.equal(await page.locator('.pager [aria-current="page"]').textContent(), "1");
  await screenshot(page, "admin-ux-search-pager");
  assert.deepEqual(await axe(page), []);
  // A reference number finds its article.
  await visit("/search?keyword=880007");
  await page.getByText("Amaranth study number 7").first().waitFor();
});

test("no console errors", () => {
  assert.deepEqual(problems, []);
});
