/**
 * Sessions as staff expect them, in a real browser: an ended session during
 * an article edit loses nothing — one alert, sign in, the form is back with every typed value
 * and saving it stores the edit; signing out in one browser leaves another signed in; "Sign out
 * everywhere" ends both; changing the password keeps this browser and signs the other out.
 * Two browser contexts stand for two computers sharing one login.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hydrated, launchBrowser, requireChromium, screenshot, startApp, watchPage, type App } from "./harness.ts";
import { addArticle, addEditor, addIssue } from "./data.ts";

const HOST = "sessions.localhost";
const ADMIN = { username: "office", password: "shared-office-password-7", name: "Editorial Office" };
const EXPIRED = "Session expired. Please login again.";

let app: App;
let browser: Browser;
let articleId = 0;
let editorId = 0;

interface Client {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
  problems: string[];
}

before(async () => {
  requireChromium();
  app = await startApp([{ slug: "sessions", name: "Journal of Kept Work", hosts: [HOST], admin: ADMIN }], async (env, [jid]) => {
    const issue = await addIssue(env, jid, { year: 2025, volume: 3, issue: 1, frequency: "January" });
    const article = await addArticle(env, jid, issue, {
      refnumber: "250301",
      title: "Mulching and soil moisture",
      authorname: "Dr. Anjali Sharma",
      abstract: "<p>Mulch keeps water.</p>",
      keywords: "mulch",
      pagenumber: "1-6",
      publishdate: "2025-01-10",
      email: "anjali@uni.example",
    });
    articleId = article.id;
    editorId = (await addEditor(env, jid, { name: "Dr. Kwame Mensah", category: "associate editor", post: "Professor", content: "Soil Institute" })).id;
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const url = (path: string) => app.url(HOST, path);

async function newClient(): Promise<Client> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { problems } = watchPage(page);
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.accept();
  });
  return { context, page, dialogs, problems };
}

async function visit(c: Client, path: string) {
  await c.page.goto(url(path));
  await hydrated(c.page);
}

async function signIn(c: Client, password = ADMIN.password, expectUrl: string | RegExp = url("/admin")) {
  if (!c.page.url().includes("/admin/login")) await visit(c, "/admin/login");
  await hydrated(c.page);
  await c.page.locator("#username").fill(ADMIN.username);
  await c.page.locator("#password").fill(password);
  await c.page.getByRole("button", { name: "Sign in" }).click();
  await c.page.waitForURL(expectUrl);
  await hydrated(c.page);
}

/** The page is the sign-in page after an ended session: the alert came exactly once. */
async function expectExpiredOnce(c: Client) {
  await c.page.waitForURL(/\/admin\/login/);
  await c.page.locator("h1", { hasText: "Staff sign in" }).waitFor();
  await c.page.waitForFunction(() => !location.search.includes("expired"));
  await c.page.waitForTimeout(300);
  assert.deepEqual(c.dialogs, [EXPIRED]);
}

async function signOutEverywhere(c: Client) {
  await visit(c, "/admin/account");
  await c.page.getByRole("button", { name: "Sign out everywhere" }).click();
  // It asks first: this browser is signed out too.
  await c.page.getByRole("alertdialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click();
  await c.page.waitForURL(/\/admin\/login\?signed_out=all$/);
  await c.page.getByRole("status").filter({ hasText: "You have been signed out on every device." }).waitFor();
}

test("an ended session during an article edit: one alert, sign in, the edit is back and saves", async () => {
  const a = await newClient();
  const b = await newClient();
  await signIn(a);
  await visit(a, `/admin/archives/${articleId}`);
  // Typed values of several kinds: text inputs and the rich-text title.
  await a.page.locator("#authorname").fill("Dr. Anjali Sharma, Rahul Verma");
  await a.page.locator("#keywords").fill("mulch, soil moisture, rabi wheat");
  const title = a.page.locator("#title");
  await title.click();
  await a.page.keyboard.press("End");
  await a.page.keyboard.type(" in semi-arid fields");
  await a.page.locator("#keywords").click();
  // A replacement PDF chosen too: that one the browser cannot keep, and the page will say so.
  await a.page.locator("#pdfFile").setInputFiles({ name: "mulching-v2.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n") });

  // Meanwhile a colleague signs out everywhere: this browser's session has ended.
  await signIn(b);
  await signOutEverywhere(b);

  await a.page.getByRole("button", { name: "Save changes" }).click();
  await expectExpiredOnce(a);
  assert.match(a.page.url(), new RegExp(`next=%2Fadmin%2Farchives%2F${articleId}`));
  await signIn(a, ADMIN.password, url(`/admin/archives/${articleId}`));

  // Back on the same form with every typed value, and it says so.
  const notice = a.page.getByRole("status").filter({ hasText: "Your unsaved changes are back. Check them and save again." });
  await notice.waitFor();
  assert.match((await notice.textContent()) ?? "", /Choose “mulching-v2\.pdf” again before saving: a browser cannot keep a chosen file while you sign in\./);
  assert.equal(await a.page.locator("#authorname").inputValue(), "Dr. Anjali Sharma, Rahul Verma");
  assert.equal(await a.page.locator("#keywords").inputValue(), "mulch, soil moisture, rabi wheat");
  assert.equal((await title.textContent())?.trim(), "Mulching and soil moisture in semi-arid fields");
  await screenshot(a.page, "staff-sessions-draft-restored");

  await a.page.getByRole("button", { name: "Save changes" }).click();
  await a.page.locator("dialog.announcement[open]").waitFor();
  assert.deepEqual(a.dialogs, [EXPIRED], "no second alert");
  // Stored: a fresh load shows the saved values and no restored draft.
  await visit(a, `/admin/archives/${articleId}`);
  assert.equal(await a.page.locator("#authorname").inputValue(), "Dr. Anjali Sharma, Rahul Verma");
  assert.equal(await a.page.locator("#keywords").inputValue(), "mulch, soil moisture, rabi wheat");
  assert.equal((await a.page.locator("#title").textContent())?.trim(), "Mulching and soil moisture in semi-arid fields");
  assert.equal(await a.page.locator(".draft-notice").count(), 0);
  assert.deepEqual([...a.problems, ...b.problems], []);
  await a.context.close();
  await b.context.close();
});

test("the editor switch meets an ended session the same way: one alert, back on the list after signing in", async () => {
  const a = await newClient();
  const b = await newClient();
  await signIn(a);
  await visit(a, "/admin/editors");
  await signIn(b);
  await signOutEverywhere(b);
  await a.page.getByRole("switch", { name: "Status of Dr. Kwame Mensah" }).click();
  // Disabling asks first (a click by mistake must not end a colleague's access); the confirmed change meets the ended session.
  await a.page.getByRole("alertdialog", { name: "Disable Dr. Kwame Mensah?" }).getByRole("button", { name: "Disable" }).click();
  await expectExpiredOnce(a);
  await signIn(a, ADMIN.password, url("/admin/editors"));
  // Nothing was changed by the refused click.
  assert.equal(await a.page.getByRole("switch", { name: "Status of Dr. Kwame Mensah" }).getAttribute("aria-checked"), "true");
  assert.ok(editorId > 0);
  await a.context.close();
  await b.context.close();
});

test("signing out in one browser leaves the other browser's session working", async () => {
  const a = await newClient();
  const b = await newClient();
  await signIn(a);
  await signIn(b);
  await a.page.getByRole("button", { name: "Logout" }).click();
  await a.page.waitForURL(url("/admin/login?signed_out=1"));
  await a.page.getByRole("status").filter({ hasText: "You have been signed out." }).waitFor();
  await screenshot(a.page, "staff-sessions-signed-out");
  // A's session is over…
  await visit(a, "/admin/editors");
  await a.page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Feditors$/);
  assert.deepEqual(a.dialogs, [], "signing out is not an expiry");
  // …B's goes on.
  await visit(b, "/admin/editors");
  assert.equal(b.page.url(), url("/admin/editors"));
  await b.page.locator("h1", { hasText: "Editors" }).waitFor();
  assert.deepEqual(b.dialogs, []);
  await a.context.close();
  await b.context.close();
});

test("'Sign out everywhere' ends both browsers' sessions", async () => {
  const a = await newClient();
  const b = await newClient();
  await signIn(a);
  await signIn(b);
  await visit(a, "/admin/account");
  // B, and the sessions earlier tests left open, are the others.
  await a.page.getByText(/You are signed in here and on \d+ other devices? or browsers?\./).waitFor();
  await screenshot(a.page, "staff-sessions-account");
  await signOutEverywhere(a);
  await visit(b, "/admin/editors");
  await expectExpiredOnce(b);
  await visit(a, "/admin");
  await a.page.waitForURL(/\/admin\/login/);
  await a.context.close();
  await b.context.close();
});

test("change password: current password and the rules required; this browser stays, the other is signed out", async () => {
  const a = await newClient();
  const b = await newClient();
  await signIn(a);
  await signIn(b);
  await a.page.getByRole("link", { name: /your account/ }).click();
  await a.page.waitForURL(url("/admin/account"));
  await hydrated(a.page);
  const submit = async (current: string, next: string, again = next) => {
    await a.page.locator("#current").fill(current);
    await a.page.locator("#password").fill(next);
    await a.page.locator("#confirm").fill(again);
    await a.page.getByRole("button", { name: "Change password" }).click();
  };
  await submit("not the password", "a quiet lamp beside the river");
  await a.page.locator("#current-error", { hasText: "Your current password is not correct." }).waitFor();
  await submit(ADMIN.password, "password12");
  await a.page.locator("#password-error", { hasText: "This password is one of the most common passwords and is easy to guess. Please choose another." }).waitFor();
  await submit(ADMIN.password, "the office team key");
  await a.page.locator("#password-error", { hasText: "A password may not contain your username. Please choose another." }).waitFor();
  await screenshot(a.page, "staff-sessions-password-refused");
  await submit(ADMIN.password, "a quiet lamp beside the river");
  const flash = a.page.locator("dialog.flash-success[open]");
  await flash.waitFor();
  assert.equal(await flash.locator(".flash-msg").textContent(), "Password changed");
  await flash.getByRole("button", { name: "Close" }).click();
  // This browser goes on working…
  await visit(a, "/admin/editors");
  assert.equal(a.page.url(), url("/admin/editors"));
  // …the other one was signed out, and only the new password signs in.
  await visit(b, "/admin/editors");
  await expectExpiredOnce(b);
  await b.page.locator("#username").fill(ADMIN.username);
  await b.page.locator("#password").fill(ADMIN.password);
  await b.page.getByRole("button", { name: "Sign in" }).click();
  await b.page.getByRole("alert").filter({ hasText: "Invalid user and password" }).waitFor();
  await signIn(b, "a quiet lamp beside the river", url("/admin/editors"));
  assert.deepEqual([...a.problems, ...b.problems].filter((p) => !/status of 40[01]/.test(p)), []);
  await a.context.close();
  await b.context.close();
});
