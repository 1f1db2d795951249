/**
 * Staff running their journal from the browser, in Chromium against the production
 * build: an admin adds an editor, copies the one-time link, the colleague sets a password, signs
 * in and adds an article but is refused Settings and Staff (page and API), then the admin
 * disables the colleague and the open session ends; an indexing partner added, given a logo,
 * moved to first place (by keyboard and by dragging) and disabled, with /indexing and
 * GET /api/indexing/ following each step; two-factor sign-in set up from the QR code (decoded
 * with jsQR), then needed at sign-in, a recovery code once; "Sign out everywhere" asks first.
 * Every new page is checked with axe-core and photographed at 1366 px and 390 px.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import jsQR from "jsqr";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { decodePng, rgbaPng } from "../images.ts";
import { appCode } from "../totp-oracle.ts";
import { axe } from "./axe.ts";
import { fetchOnHost, hydrated, launchBrowser, requireChromium, screenshot, startApp, watchPage, type App } from "./harness.ts";
import { addIssue } from "./data.ts";

const HOST = "staff.localhost";
const ADMIN = { username: "chief", password: "monsoon fields at dawn", name: "Prof. Meera Iyer" };
const EDITOR_PASSWORD = "a lantern by the paddy field";
const YEAR = new Date().getUTCFullYear();
const EXPIRED = "Session expired. Please login again.";
const WIDTHS = [
  { name: "1366", width: 1366, height: 900 },
  { name: "390", width: 390, height: 844 },
];

let app: App;
let browser: Browser;

interface Client {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
  problems: string[];
}

before(async () => {
  requireChromium();
  app = await startApp([{ slug: "staffj", name: "Journal of Shared Desks", hosts: [HOST], admin: ADMIN }], async (env, [jid]) => {
    await addIssue(env, jid, { year: YEAR, volume: 2, issue: 1, frequency: "January" });
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

const url = (path: string) => app.url(HOST, path);

async function newClient(): Promise<Client> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] });
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

async function signIn(c: Client, username: string, password: string) {
  await visit(c, "/admin/login");
  await c.page.locator("#username").fill(username);
  await c.page.locator("#password").fill(password);
  await c.page.getByRole("button", { name: "Sign in" }).click();
  await c.page.waitForURL(/\/admin$/);
  // The URL changes before React commits the dashboard: its staff menu says it has.
  await c.page.getByRole("navigation", { name: "Admin" }).waitFor();
  await hydrated(c.page);
}

/** axe at both widths and a full-page screenshot at each, of the page as it is now. */
async function lookAt(c: Client, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const w of WIDTHS) {
    await c.page.setViewportSize({ width: w.width, height: w.height });
    await c.page.waitForTimeout(150);
    for (const v of await axe(c.page)) problems.push(`${name} at ${w.name}px: ${v}`);
    const overflow = await c.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${name} at ${w.name}px: ${overflow}px of sideways scrolling`);
    await screenshot(c.page, `staff-admin-${name}-${w.name}`);
  }
  await c.page.setViewportSize({ width: 1366, height: 900 });
  return problems;
}

async function flashText(c: Client): Promise<string> {
  const flash = c.page.locator("dialog.flash-success[open], dialog.flash-normal[open], dialog.flash-error[open]");
  await flash.waitFor();
  const text = (await flash.locator(".flash-msg").textContent()) ?? "";
  await flash.getByRole("button", { name: "Close" }).click();
  return text;
}

async function publicPartners(): Promise<{ api: string[]; page: string[] }> {
  const api = ((await (await fetchOnHost(app, HOST, "/api/indexing/")).json()) as { title: string }[]).map((p) => p.title);
  const html = await (await fetchOnHost(app, HOST, "/indexing")).text();
  return { api, page: [...html.matchAll(/<span class="partner-name">([^<]+)<\/span>/g)].map((m) => m[1]) };
}

test("an admin adds an editor; the colleague sets a password, signs in, adds an article, is refused Settings and Staff; disabled, the session ends", async () => {
  const admin = await newClient();
  const colleague = await newClient();
  const a11y: string[] = [];
  await signIn(admin, ADMIN.username, ADMIN.password);
  await admin.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Staff" }).click();
  await admin.page.waitForURL(url("/admin/staff"));
  await hydrated(admin.page);
  await admin.page.locator("#name").fill("Dr. Asha Menon");
  await admin.page.locator("#username").fill("bad user!");
  await admin.page.getByRole("radio", { name: "Editor" }).check({ force: true });
  await admin.page.getByRole("button", { name: "Add colleague" }).click();
  // The browser's own check (pattern) stops it; the server's message is the same rule's.
  assert.equal(await admin.page.locator("#username").evaluate((el: HTMLInputElement) => el.validity.valid), false);
  await admin.page.locator("#username").fill("asha.menon");
  await admin.page.getByRole("button", { name: "Add colleague" }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Set-password link for Dr. Asha Menon" });
  await dialog.waitFor();
  const link = await dialog.locator("#one-time-link").inputValue();
  assert.match(link, new RegExp(`^http://${HOST}:${app.port}/admin/set-password/[A-Za-z0-9_-]{43}$`));
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await dialog.getByRole("button", { name: "Copied!" }).waitFor();
  assert.equal(await admin.page.evaluate(() => navigator.clipboard.readText()), link);
  a11y.push(...(await lookAt(admin, "link-dialog")));
  await dialog.getByRole("button", { name: "Close" }).click();
  // The form is empty again for the next colleague.
  assert.deepEqual([await admin.page.locator("#name").inputValue(), await admin.page.locator("#username").inputValue()], ["", ""]);
  const row = admin.page.locator("tr", { hasText: "asha.menon" });
  assert.match((await row.textContent()) ?? "", /Editor.*Never.*Waiting for a password · link valid until/);
  a11y.push(...(await lookAt(admin, "staff")));

  // The colleague opens the link in their own browser and sets a password (a common one first).
  await colleague.page.goto(link);
  await hydrated(colleague.page);
  await colleague.page.getByRole("heading", { name: "Set your password" }).waitFor();
  a11y.push(...(await lookAt(colleague, "set-password")));
  await colleague.page.locator("#password").fill("ｐａｓｓｗｏｒｄ１２３");
  await colleague.page.locator("#confirm").fill("ｐａｓｓｗｏｒｄ１２３");
  await colleague.page.getByRole("button", { name: "Set password" }).click();
  await colleague.page.locator("#password-error", { hasText: "one of the most common passwords" }).waitFor();
  await colleague.page.locator("#password").fill(EDITOR_PASSWORD);
  await colleague.page.locator("#confirm").fill(EDITOR_PASSWORD);
  await colleague.page.getByRole("button", { name: "Set password" }).click();
  await colleague.page.waitForURL(url("/admin/login?password=set"));
  await colleague.page.getByRole("status").filter({ hasText: "Your password is set. Sign in with it now." }).waitFor();
  // The link worked once.
  await colleague.page.goto(link);
  await colleague.page.getByRole("alert").filter({ hasText: "This set-password link is not valid" }).waitFor();

  await signIn(colleague, "asha.menon", EDITOR_PASSWORD);
  const menu = await colleague.page.getByRole("navigation", { name: "Admin" }).getByRole("link").allTextContents();
  assert.deepEqual(menu, ["Home", "Archives", "Editors", "Indexing", "Activity"]);

  // An article, through the add form.
  await visit(colleague, `/admin/archives/add/${YEAR}/2/1`);
  const fill = (id: string, value: string) => colleague.page.locator(`#${id}`).fill(value);
  await fill("refnumber", "260201");
  await fill("txnid", "TXN-260201");
  await fill("pagenumber", "1-6");
  await fill("authorname", "Dr. Asha Menon");
  await fill("email", "asha@uni.example");
  await colleague.page.locator("#title").click();
  await colleague.page.keyboard.type("Shared desks in a small journal office");
  await colleague.page.locator("#abstract").click();
  await colleague.page.keyboard.type("Two editors, one admin, one journal.");
  await colleague.page.locator("#pdfFile").setInputFiles({ name: "260201.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n") });
  await colleague.page.getByRole("button", { name: "Publish article" }).click();
  await colleague.page.locator("dialog.announcement[open]").waitFor();

  // Settings and Staff: 403 on the page and in the API.
  for (const path of ["/admin/settings", "/admin/staff"]) {
    const res = await colleague.page.goto(url(path));
    assert.equal(res?.status(), 403, path);
    await colleague.page.getByRole("heading", { name: "Admins only" }).waitFor();
  }
  a11y.push(...(await lookAt(colleague, "forbidden")));
  const apiAnswers = await colleague.page.evaluate(async () =>
    Promise.all(["/api/settings/", "/api/admin/users"].map(async (p) => {
      const r = await fetch(p);
      return [r.status, ((await r.json()) as { error: string }).error];
    })),
  );
  assert.deepEqual(apiAnswers, [
    [403, "admin_only"],
    [403, "admin_only"],
  ]);
  await visit(colleague, "/admin/archives");

  // The admin disables the colleague (asked first): the colleague's open session ends.
  await visit(admin, "/admin/staff");
  await admin.page.getByRole("button", { name: "Disable Dr. Asha Menon" }).click();
  await admin.page.getByRole("alertdialog", { name: "Disable Dr. Asha Menon?" }).getByRole("button", { name: "Disable" }).click();
  assert.equal(await flashText(admin), "Dr. Asha Menon is disabled");
  assert.match((await admin.page.locator("tr", { hasText: "asha.menon" }).textContent()) ?? "", /Disabled/);
  await colleague.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Editors" }).click();
  await colleague.page.waitForURL(/\/admin\/login/);
  await colleague.page.waitForFunction(() => !location.search.includes("expired"));
  assert.deepEqual(colleague.dialogs, [EXPIRED]);
  await colleague.page.locator("#username").fill("asha.menon");
  await colleague.page.locator("#password").fill(EDITOR_PASSWORD);
  await colleague.page.getByRole("button", { name: "Sign in" }).click();
  await colleague.page.getByRole("alert").filter({ hasText: "User disabled" }).waitFor();

  assert.deepEqual(a11y, [], a11y.join("\n"));
  assert.deepEqual([...admin.problems, ...colleague.problems].filter((p) => !/status of 40[0134] /.test(p)), []);
  await admin.context.close();
  await colleague.context.close();
});

test("a partner added, given a logo, moved to first place and disabled: /indexing and GET /api/indexing/ follow each step", async () => {
  const c = await newClient();
  const a11y: string[] = [];
  await signIn(c, ADMIN.username, ADMIN.password);
  const add = async (title: string, link: string) => {
    await visit(c, "/admin/indexing");
    await c.page.getByRole("link", { name: "Add partner" }).click();
    await c.page.waitForURL(url("/admin/indexing/add"));
    await hydrated(c.page);
    await c.page.locator("#title").fill(title);
    await c.page.locator("#link").fill(link);
    await c.page.getByRole("button", { name: "Add partner" }).click();
    await c.page.waitForURL(url("/admin/indexing"));
    assert.equal(await flashText(c), "Indexing partner added");
  };
  await add("Google Scholar", "https://scholar.google.com/");
  await add("AGRIS", "https://agris.fao.org/");
  assert.deepEqual(await publicPartners(), { api: ["Google Scholar", "AGRIS"], page: ["Google Scholar", "AGRIS"] });

  // A logo for AGRIS, on its edit page (previewed before saving).
  await c.page.getByRole("link", { name: "Edit AGRIS" }).click();
  await hydrated(c.page);
  await c.page.locator("#image").setInputFiles({ name: "agris.png", mimeType: "image/png", buffer: Buffer.from(rgbaPng(240, 96)) });
  await c.page.getByRole("img", { name: "Preview of the new logo" }).waitFor();
  a11y.push(...(await lookAt(c, "partner-edit")));
  await c.page.getByRole("button", { name: "Save changes" }).click();
  await c.page.waitForURL(url("/admin/indexing"));
  assert.equal(await flashText(c), "Indexing partner updated");
  const html = await (await fetchOnHost(app, HOST, "/indexing")).text();
  const src = /<img src="(\/assets\/indexing\/partner-[^"]+\.png)"/.exec(html)?.[1];
  assert.ok(src, "the logo on /indexing");
  assert.equal((await fetchOnHost(app, HOST, src!)).status, 200);

  // First place by keyboard: the handle, then ↑; announced, and the public list follows.
  const handle = c.page.getByRole("button", { name: /^Move AGRIS, position 2 of 2/ });
  await handle.focus();
  await c.page.keyboard.press("ArrowUp");
  await c.page.getByRole("status").filter({ hasText: "AGRIS moved to position 1 of 2." }).waitFor();
  await c.page.getByRole("button", { name: /^Move AGRIS, position 1 of 2/ }).waitFor();
  assert.equal(await c.page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Move AGRIS, position 1 of 2");
  await c.page.waitForFunction(() => !document.querySelector(".admin-progress.is-busy"));
  await waitFor(async () => JSON.stringify(await publicPartners()) === JSON.stringify({ api: ["AGRIS", "Google Scholar"], page: ["AGRIS", "Google Scholar"] }));
  // And back, by dragging Google Scholar's row onto AGRIS's.
  await c.page.locator('li[data-partner-id]', { hasText: "Google Scholar" }).dragTo(c.page.locator('li[data-partner-id]', { hasText: "AGRIS" }));
  await c.page.getByRole("status").filter({ hasText: "Google Scholar moved to position 1 of 2." }).waitFor();
  await waitFor(async () => (await publicPartners()).api[0] === "Google Scholar");
  // Drag AGRIS back to first place: this is the order the rest of the test keeps.
  await c.page.locator('li[data-partner-id]', { hasText: "AGRIS" }).dragTo(c.page.locator('li[data-partner-id]', { hasText: "Google Scholar" }));
  await waitFor(async () => JSON.stringify(await publicPartners()) === JSON.stringify({ api: ["AGRIS", "Google Scholar"], page: ["AGRIS", "Google Scholar"] }));
  await visit(c, "/admin/indexing");
  assert.deepEqual(await c.page.locator(".partner-row .a-editor-name").allTextContents(), ["AGRIS", "Google Scholar"]);
  a11y.push(...(await lookAt(c, "indexing")));

  // Disabled (asked first): gone from both.
  await c.page.getByRole("switch", { name: "Status of AGRIS" }).click();
  await c.page.getByRole("alertdialog", { name: "Disable AGRIS?" }).getByRole("button", { name: "Disable" }).click();
  await c.page.getByRole("switch", { name: "Status of AGRIS", checked: false }).waitFor();
  await waitFor(async () => JSON.stringify(await publicPartners()) === JSON.stringify({ api: ["Google Scholar"], page: ["Google Scholar"] }));
  await visit(c, "/admin/indexing/add");
  a11y.push(...(await lookAt(c, "partner-add")));
  assert.deepEqual(a11y, [], a11y.join("\n"));
  assert.deepEqual(c.problems, []);
  await c.context.close();
});

test("two-factor sign-in: set up from the QR code, needed at sign-in, a recovery code once; 'Sign out everywhere' asks first", async () => {
  const c = await newClient();
  const a11y: string[] = [];
  await signIn(c, ADMIN.username, ADMIN.password);
  await visit(c, "/admin/account");
  await c.page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const qr = c.page.getByRole("img", { name: "QR code to add this account to an authenticator app" });
  await qr.waitFor();
  // What a phone reads: the QR code decoded from the pixels (jsQR), naming the same key the page prints.
  const shot = decodePng(new Uint8Array(await qr.screenshot()));
  const rgba = new Uint8ClampedArray(shot.width * shot.height * 4);
  for (let i = 0; i < shot.width * shot.height; i++) rgba.set([...shot.rgb.subarray(i * 3, i * 3 + 3), 255], i * 4);
  const uri = jsQR(rgba, shot.width, shot.height)?.data ?? "";
  const printed = ((await c.page.locator("#totp-secret").textContent()) ?? "").replace(/\s/g, "");
  assert.match(printed, /^[A-Z2-7]{32}$/);
  assert.equal(uri, `otpauth://totp/Journal%20of%20Shared%20Desks:chief?secret=${printed}&issuer=Journal%20of%20Shared%20Desks`);
  const secret = new URL(uri).searchParams.get("secret")!;
  a11y.push(...(await lookAt(c, "account-2fa-setup")));
  await c.page.locator("#code").fill(appCode(secret));
  await c.page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  assert.equal(await flashText(c), "Two-factor sign-in is on");
  const codes = await c.page.locator(".recovery-list code").allTextContents();
  assert.equal(codes.length, 10);
  a11y.push(...(await lookAt(c, "account-recovery-codes")));

  // Signed out here, the sign-in page asks for the code after the password.
  await c.page.getByRole("button", { name: "Logout" }).click();
  await c.page.waitForURL(/signed_out=1/);
  await c.page.locator("#username").fill(ADMIN.username);
  await c.page.locator("#password").fill(ADMIN.password);
  await c.page.getByRole("button", { name: "Sign in" }).click();
  await c.page.getByLabel("Authentication code").waitFor();
  a11y.push(...(await lookAt(c, "login-code")));
  await c.page.getByLabel("Authentication code").fill("000000" === appCode(secret) ? "111111" : "000000");
  await c.page.getByRole("button", { name: "Verify and sign in" }).click();
  await c.page.getByRole("alert").filter({ hasText: "That code is not valid" }).waitFor();
  const next = appCode(secret, Date.now() + 30_000);
  await c.page.getByLabel("Authentication code").fill(next);
  await c.page.getByRole("button", { name: "Verify and sign in" }).click();
  await c.page.waitForURL(/\/admin$/);
  // The same code a second time (another browser) is refused.
  const other = await newClient();
  await visit(other, "/admin/login");
  await other.page.locator("#username").fill(ADMIN.username);
  await other.page.locator("#password").fill(ADMIN.password);
  await other.page.getByRole("button", { name: "Sign in" }).click();
  await other.page.getByLabel("Authentication code").fill(next);
  await other.page.getByRole("button", { name: "Verify and sign in" }).click();
  await other.page.getByRole("alert").filter({ hasText: "That code is not valid" }).waitFor();
  // A recovery code signs in, once, and says how many are left.
  await other.page.getByLabel("Authentication code").fill(codes[0]);
  await other.page.getByRole("button", { name: "Verify and sign in" }).click();
  await other.page.waitForURL(/\/admin$/);
  await hydrated(other.page);
  assert.match(await flashText(other), /You signed in with a recovery code; it cannot be used again\. 9 recovery codes left\./);
  await other.context.close();

  // "Sign out everywhere" asks first; Cancel changes nothing.
  await visit(c, "/admin/account");
  await c.page.getByRole("button", { name: "Sign out everywhere" }).click();
  const confirm = c.page.getByRole("alertdialog", { name: "Sign out everywhere?" });
  await confirm.waitFor();
  a11y.push(...(await lookAt(c, "sign-out-everywhere")));
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await visit(c, "/admin/editors");
  assert.equal(c.page.url(), url("/admin/editors"));
  await visit(c, "/admin/account");
  await c.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await c.page.getByRole("alertdialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click();
  await c.page.waitForURL(/signed_out=all/);
  // The recovery code used above does not work a second time.
  await c.page.locator("#username").fill(ADMIN.username);
  await c.page.locator("#password").fill(ADMIN.password);
  await c.page.getByRole("button", { name: "Sign in" }).click();
  await c.page.getByLabel("Authentication code").fill(codes[0]);
  await c.page.getByRole("button", { name: "Verify and sign in" }).click();
  await c.page.getByRole("alert").filter({ hasText: "That code is not valid" }).waitFor();
  assert.deepEqual(a11y, [], a11y.join("\n"));
  assert.deepEqual(c.problems.filter((p) => !/status of 401/.test(p)), []);
  await c.context.close();
});

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error("waited 10 s for the public pages to follow");
    await new Promise((r) => setTimeout(r, 200));
  }
}
