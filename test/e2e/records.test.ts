/**
 * Records staff can trust, in a real browser against the production build
 * (docs/decisions/020-versions-and-conflicts.md, 021-trash-and-issue-corrections.md):
 * two people on the same article, editor, indexing partner and Settings pages — never a silent revert (different
 * fields are both stored; the same field shows the other person's change beside what was
 * typed, and saving again stores it on top); the History panels and the Activity page; a form
 * with typed changes asks before leaving (in-app and when the tab closes), a clean one does not;
 * correcting an issue, the trash and deleting an empty issue from the admin pages. axe-core
 * checks the new screens; screenshots land in test-results/screenshots/records-*.png.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { axe } from "./axe.ts";
import { upsertAdmin } from "../../scripts/lib/local.ts";
import { fetchOnHost, hydrated, launchBrowser, requireChromium, screenshot, startApp, watchPage, type App } from "./harness.ts";

const HOST = "records-a.localhost";
const SITE = "Journal of Careful Records";
const ASHA = { username: "asha", password: "records-password-asha-1", name: "Asha Menon" };
const RAVI = { username: "ravi", password: "records-password-ravi-1", name: "Ravi Kumar" };
const YEAR = new Date().getUTCFullYear();

let app: App;
let browser: Browser;
let articleId = 0;
let editorId = 0;
let partnerId = 0;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\n" + " ".repeat(2000) + "\n%%EOF\n");

interface Person {
  context: BrowserContext;
  page: Page;
  problems: string[];
}
let asha: Person;
let ravi: Person;

before(async () => {
  requireChromium();
  app = await startApp([{ slug: "records-a", name: SITE, hosts: [HOST], admin: ASHA, settings: { websitename: SITE, issn: "1234-5678" } }], async (env, [j]) => {
    await upsertAdmin(env.DB, j, RAVI);
    const issue = await env.DB.prepare("insert into issues (journal_id, year, volume, issue, frequency) values (?,?,?,?,?) returning id").bind(j, 2025, 4, 2, "Apr-Jun").first<{ id: number }>();
    await env.FILES.put(`journals/${j}/archives/2025/vol4issue2/482135-aaaaaaaaaaaa.pdf`, PDF, { httpMetadata: { contentType: "application/pdf" } });
    const article = await env.DB.prepare(
      `insert into articles (journal_id, issue_id, year, volume, issue, frequency, refnumber, txnid, title, search_title, authorname, abstract, search_abstract, keywords, pagenumber, first_page, last_page, publishdate, email, file, file_key)
       values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) returning id`,
    )
      .bind(j, issue!.id, 2025, 4, 2, "Apr-Jun", "482135", "TXN482135", "Original title of the article", "Original title of the article", "Dr. Anjali Sharma, Rahul Verma", "<p>An abstract.</p>", "An abstract.", "rice", "1-6", 1, 6, "2025-04-10", "author@example.org", "482135.pdf", "482135-aaaaaaaaaaaa.pdf")
      .first<{ id: number }>();
    articleId = article!.id;
    const editor = await env.DB.prepare("insert into editors (journal_id, name, category, post, content) values (?,?,?,?,?) returning id")
      .bind(j, "Dr. Kwame Mensah", "associate editor", "Professor", "University of Ghana")
      .first<{ id: number }>();
    editorId = editor!.id;
    const partner = await env.DB.prepare("insert into indexing_partners (journal_id, title, link, sortnumber) values (?,?,?,?) returning id")
      .bind(j, "Directory of Open Access Journals", "https://doaj.org/", 1)
      .first<{ id: number }>();
    partnerId = partner!.id;
  });
  browser = await launchBrowser();
  asha = await person();
  ravi = await person();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

async function person(): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { problems } = watchPage(page);
  return { context, page, problems };
}

const url = (path: string) => app.url(HOST, path);

async function visit(p: Page, path: string) {
  await p.goto(url(path));
  await hydrated(p);
}

async function signIn(who: Person, account: { username: string; password: string }) {
  await visit(who.page, "/admin/login");
  await who.page.locator("#username").fill(account.username);
  await who.page.locator("#password").fill(account.password);
  await Promise.all([who.page.waitForURL(url("/admin")), who.page.getByRole("button", { name: "Sign in" }).click()]);
}

/** A full-page screenshot from the top, sticky bars where a reader sees them. */
const shot = (p: Page, name: string) => screenshot(p, `records-${name}`, { fromTop: true });

/** What the JSON API says is stored now (staff token of asha). */
let token = "";
async function stored(path: string): Promise<Record<string, unknown>> {
  if (!token) {
    const res = await fetchOnHost(app, HOST, "/auth/login/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ASHA) });
    token = ((await res.json()) as { token: string }).token;
  }
  const res = await fetchOnHost(app, HOST, path, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, path);
  return (await res.json()) as Record<string, unknown>;
}

async function closeAnnouncement(p: Page) {
  const dialog = p.locator("dialog.announcement[open]");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
  await p.waitForFunction(() => !document.querySelector("dialog.announcement[open]"));
}

async function flash(p: Page, kind: "success" | "error" | "normal"): Promise<{ msg: string; detail: string }> {
  const dialog = p.locator(`dialog.flash-${kind}[open]`);
  await dialog.waitFor();
  const msg = (await dialog.locator(".flash-msg").textContent()) ?? "";
  // The detail renders with the message or not at all: read as it is (waiting for an absent one
  // sat out Playwright's 30 s timeout on every save without one).
  const detail = (await dialog.locator(".flash-detail").allTextContents()).join("");
  await dialog.getByRole("button", { name: "Close" }).click();
  await p.waitForFunction(() => !document.querySelector("dialog.flash[open]"));
  return { msg, detail };
}

test("both sign in", async () => {
  await signIn(asha, ASHA);
  await signIn(ravi, RAVI);
});

test("article: two people change different fields at once — both are stored, and the second is told whose change it kept", async () => {
  const path = `/admin/archives/${articleId}`;
  await visit(asha.page, path);
  await visit(ravi.page, path);
  await asha.page.locator("#title").fill("Title from Asha");
  await asha.page.getByRole("button", { name: "Save changes" }).click();
  await closeAnnouncement(asha.page);
  // Ravi's page still holds the version from before Asha's save; he changes the keywords only.
  await ravi.page.locator("#keywords").fill("rice, millet");
  await ravi.page.getByRole("button", { name: "Save changes" }).click();
  await closeAnnouncement(ravi.page);
  assert.match((await ravi.page.locator(".merged-notice").textContent()) ?? "", /Saved together with the changes asha made meanwhile/);
  const now = await stored(`/api/archives/${articleId}`);
  assert.equal(now.title, "Title from Asha");
  assert.equal(now.keywords, "rice, millet");
  // The form shows what is stored now, Asha's title included.
  assert.equal(await ravi.page.locator("#title").textContent(), "Title from Asha");
});

test("article: both change the title — the second sees the conflict naming the first, keeps what he typed, and saves on top", async () => {
  const path = `/admin/archives/${articleId}`;
  await visit(asha.page, path);
  await visit(ravi.page, path);
  await asha.page.locator("#title").fill("Second title by Asha");
  await asha.page.getByRole("button", { name: "Save changes" }).click();
  await closeAnnouncement(asha.page);
  await ravi.page.locator("#title").fill("Second title by Ravi");
  await ravi.page.locator("#country").fill("India");
  await ravi.page.getByRole("button", { name: "Save changes" }).click();
  const panel = ravi.page.locator(".conflict-panel");
  await panel.waitFor();
  const text = (await panel.textContent()) ?? "";
  assert.match(text, /Someone else saved this while you were editing/);
  assert.match(text, /asha/);
  assert.match(text, /Title from Asha.*→.*Second title by Asha/s);
  assert.match(await panel.locator("table").textContent() ?? "", /Title.*Second title by Asha.*Second title by Ravi/s);
  // Nothing of Ravi's was stored, and nothing he typed is lost.
  assert.equal((await stored(`/api/archives/${articleId}`)).title, "Second title by Asha");
  assert.equal(await ravi.page.locator("#title").textContent(), "Second title by Ravi");
  assert.equal(await ravi.page.locator("#country").inputValue(), "India");
  await shot(ravi.page, "article-conflict");
  assert.deepEqual(await axe(ravi.page), []);
  // Saving again puts his title on top of hers, knowingly.
  await ravi.page.getByRole("button", { name: "Save changes" }).click();
  await closeAnnouncement(ravi.page);
  const now = await stored(`/api/archives/${articleId}`);
  assert.equal(now.title, "Second title by Ravi");
  assert.equal(now.country, "India");
  // The History panel lists each change with its person and fields.
  await visit(ravi.page, path);
  const history = ravi.page.locator(".history-panel");
  const lines = await history.locator(".history-list > li").evaluateAll((lis) =>
    lis.map((li) => ({
      who: li.querySelector(".entry-actor")?.textContent,
      what: li.querySelector(".entry-summary")?.textContent,
      changes: [...li.querySelectorAll(".entry-change")].map((c) => `${c.querySelector("dt")?.textContent}: ${c.querySelector("del")?.textContent ?? ""} → ${c.querySelector("ins")?.textContent ?? ""}`),
    })),
  );
  assert.deepEqual(lines, [
    { who: "ravi", what: "changed", changes: ["Country: (empty) → India", "Title: Second title by Asha → Second title by Ravi"] },
    { who: "asha", what: "changed", changes: ["Title: Title from Asha → Second title by Asha"] },
    { who: "ravi", what: "changed", changes: ["Keywords: rice → rice, millet"] },
    { who: "asha", what: "changed", changes: ["Title: Original title of the article → Title from Asha"] },
  ]);
  await shot(ravi.page, "article-history");
});

test("editor: different fields are both stored; the same field is a conflict with the typed value kept", async () => {
  const path = `/admin/editors/${editorId}`;
  await visit(asha.page, path);
  await visit(ravi.page, path);
  await asha.page.locator("#name").fill("Dr. Kwame A. Mensah");
  await Promise.all([asha.page.waitForURL(url("/admin/editors")), asha.page.getByRole("button", { name: "Save changes" }).click()]);
  await flash(asha.page, "success");
  await ravi.page.locator("#country").fill("Ghana");
  await Promise.all([ravi.page.waitForURL(url("/admin/editors")), ravi.page.getByRole("button", { name: "Save changes" }).click()]);
  assert.match((await flash(ravi.page, "success")).detail, /asha made meanwhile/);
  let now = await stored(`/api/editors/${editorId}`);
  assert.deepEqual([now.name, now.country], ["Dr. Kwame A. Mensah", "Ghana"]);

  await visit(asha.page, path);
  await visit(ravi.page, path);
  await asha.page.locator("#name").fill("Prof. Kwame Mensah");
  await Promise.all([asha.page.waitForURL(url("/admin/editors")), asha.page.getByRole("button", { name: "Save changes" }).click()]);
  await flash(asha.page, "success");
  await ravi.page.locator("#name").fill("Dr. K. Mensah");
  await ravi.page.getByRole("button", { name: "Save changes" }).click();
  await ravi.page.locator(".conflict-panel").waitFor();
  assert.match((await ravi.page.locator(".conflict-panel").textContent()) ?? "", /asha.*Dr\. Kwame A\. Mensah.*Prof\. Kwame Mensah/s);
  assert.equal(await ravi.page.locator("#name").inputValue(), "Dr. K. Mensah");
  now = await stored(`/api/editors/${editorId}`);
  assert.equal(now.name, "Prof. Kwame Mensah");
  assert.deepEqual(await axe(ravi.page), []);
  await shot(ravi.page, "editor-conflict");
});

test("indexing partner: different fields are both stored; the same field is a conflict with the typed value kept", async () => {
  const path = `/admin/indexing/${partnerId}`;
  await visit(asha.page, path);
  await visit(ravi.page, path);
  await asha.page.locator("#title").fill("DOAJ");
  await Promise.all([asha.page.waitForURL(url("/admin/indexing")), asha.page.getByRole("button", { name: "Save changes" }).click()]);
  await flash(asha.page, "success");
  await ravi.page.locator("#link").fill("https://doaj.org/toc/1234-5678");
  await Promise.all([ravi.page.waitForURL(url("/admin/indexing")), ravi.page.getByRole("button", { name: "Save changes" }).click()]);
  assert.match((await flash(ravi.page, "success")).detail, /asha made meanwhile/);
  let now = await stored(`/api/indexing/${partnerId}`);
  assert.deepEqual([now.title, now.link], ["DOAJ", "https://doaj.org/toc/1234-5678"]);

  await visit(asha.page, path);
  await visit(ravi.page, path);
  await asha.page.locator("#title").fill("DOAJ (Directory of Open Access Journals)");
  await Promise.all([asha.page.waitForURL(url("/admin/indexing")), asha.page.getByRole("button", { name: "Save changes" }).click()]);
  await flash(asha.page, "success");
  await ravi.page.locator("#title").fill("Directory of Open Access Journals (DOAJ)");
  await ravi.page.getByRole("button", { name: "Save changes" }).click();
  await ravi.page.locator(".conflict-panel").waitFor();
  assert.match((await ravi.page.locator(".conflict-panel").textContent()) ?? "", /asha.*DOAJ \(Directory of Open Access Journals\).*Directory of Open Access Journals \(DOAJ\)/s);
  assert.equal(await ravi.page.locator("#title").inputValue(), "Directory of Open Access Journals (DOAJ)");
  now = await stored(`/api/indexing/${partnerId}`);
  assert.equal(now.title, "DOAJ (Directory of Open Access Journals)");
  assert.deepEqual(await axe(ravi.page), []);
  await shot(ravi.page, "partner-conflict");
  // Saving again goes on top, knowingly.
  await Promise.all([ravi.page.waitForURL(url("/admin/indexing")), ravi.page.getByRole("button", { name: "Save changes" }).click()]);
  await flash(ravi.page, "success");
  now = await stored(`/api/indexing/${partnerId}`);
  assert.deepEqual([now.title, now.link], ["Directory of Open Access Journals (DOAJ)", "https://doaj.org/toc/1234-5678"]);
});

test("Settings: different fields are both stored; the same field is a conflict with the typed value kept", async () => {
  await visit(asha.page, "/admin/settings");
  await visit(ravi.page, "/admin/settings");
  await asha.page.locator("#fee_rupee").fill("2500");
  await asha.page.getByRole("button", { name: "Save settings" }).click();
  await flash(asha.page, "success");
  await ravi.page.locator("#fee_dollar").fill("60");
  await ravi.page.getByRole("button", { name: "Save settings" }).click();
  assert.match((await flash(ravi.page, "success")).detail, /asha made meanwhile/);
  let now = await stored("/api/settings/");
  assert.deepEqual([now.fee_rupee, now.fee_dollar], ["2500", "60"]);

  await visit(asha.page, "/admin/settings");
  await visit(ravi.page, "/admin/settings");
  await asha.page.locator("#journal_type").fill("Peer-reviewed, open access, quarterly");
  await asha.page.getByRole("button", { name: "Save settings" }).click();
  await flash(asha.page, "success");
  await ravi.page.locator("#journal_type").fill("Open access");
  await ravi.page.getByRole("button", { name: "Save settings" }).click();
  await ravi.page.locator(".conflict-panel").waitFor();
  assert.match((await ravi.page.locator(".conflict-panel").textContent()) ?? "", /asha.*Peer-reviewed, open access, quarterly/s);
  assert.equal(await ravi.page.locator("#journal_type").inputValue(), "Open access");
  now = await stored("/api/settings/");
  assert.equal(now.journal_type, "Peer-reviewed, open access, quarterly");
  assert.deepEqual(await axe(ravi.page), []);
  // The page's History panel lists the saves.
  const history = (await ravi.page.locator(".history-panel").textContent()) ?? "";
  assert.match(history, /ravi\s*changed\s*Fee, other countries \(\$\)/);
  await shot(ravi.page, "settings-conflict");
});

test("a form with typed changes asks before leaving, in the app and when the tab closes; a clean one does not", async () => {
  const p = ravi.page;
  await visit(p, `/admin/archives/${articleId}`);
  // Clean: a top-bar link just goes.
  await p.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Editors" }).click();
  await p.waitForURL(url("/admin/editors"));
  await visit(p, `/admin/archives/${articleId}`);
  await p.locator("#keywords").fill("typed but not saved");
  await p.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Archives" }).click();
  const ask = p.locator("dialog.unsaved-modal[open]");
  await ask.waitFor();
  assert.equal(await ask.locator("h2").textContent(), "Leave without saving?");
  assert.deepEqual(await axe(p), []);
  await shot(p, "unsaved-changes");
  await ask.getByRole("button", { name: "Stay on this page" }).click();
  assert.equal(new URL(p.url()).pathname, `/admin/archives/${articleId}`);
  assert.equal(await p.locator("#keywords").inputValue(), "typed but not saved");
  // Cancel is a link too.
  await p.getByRole("link", { name: "Cancel" }).click();
  await ask.waitFor();
  await ask.getByRole("button", { name: "Leave and discard" }).click();
  await p.waitForURL(url("/admin/archives/2025/4/2"));
  assert.equal((await stored(`/api/archives/${articleId}`)).keywords, "rice, millet");

  // The tab closing or reloading: the browser's own question (beforeunload), only when dirty.
  const tab = await ravi.context.newPage();
  const asked: string[] = [];
  tab.on("dialog", (d) => {
    asked.push(d.type());
    void d.dismiss();
  });
  await tab.goto(url(`/admin/archives/${articleId}`));
  await hydrated(tab);
  // Typed with the keyboard (the browser asks only a page the person has interacted with),
  // then a frame for the form to report its state.
  await tab.locator("#keywords").click();
  await tab.keyboard.type(", again typed");
  await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  // Waited for from before the close: the question can come before close() returns, and a wait
  // begun after it would sit out Playwright's 30 s timeout.
  const question = tab.waitForEvent("dialog", { timeout: 10_000 }).catch(() => {});
  await tab.close({ runBeforeUnload: true });
  await question;
  assert.deepEqual(asked, ["beforeunload"]);
  // Dismissed: the tab stayed. Saved: it closes without a question.
  await tab.getByRole("button", { name: "Save changes" }).click();
  await closeAnnouncement(tab);
  const closed = tab.waitForEvent("close");
  await tab.close({ runBeforeUnload: true });
  await closed;
  assert.deepEqual(asked, ["beforeunload"]);
});

test("Activity: every change with its person, filtered by person and record type", async () => {
  const p = asha.page;
  await visit(p, "/admin/activity");
  const rows = await p.locator(".activity-table tbody tr").evaluateAll((trs) => trs.map((tr) => tr.textContent?.replace(/\s+/g, " ") ?? ""));
  assert.ok(rows.some((r) => /ravi.*changed article 482135/.test(r)), rows.join("\n"));
  assert.ok(rows.some((r) => /asha.*changed editor/.test(r)), rows.join("\n"));
  assert.ok(rows.some((r) => /ravi.*signed in/.test(r)), rows.join("\n"));
  assert.ok(rows.some((r) => /asha.*changed the settings/.test(r)), rows.join("\n"));
  assert.deepEqual(await axe(p), []);
  await shot(p, "activity");
  await p.locator("#actor").selectOption("ravi");
  await p.locator("#type").selectOption("article");
  await Promise.all([p.waitForURL(/actor=ravi/), p.getByRole("button", { name: "Show" }).click()]);
  // The address changes as the navigation commits; the filtered rows render just after it.
  await p
    .waitForFunction(() => [...document.querySelectorAll(".activity-table tbody tr")].every((tr) => /ravi/.test(tr.textContent ?? "")), undefined, { timeout: 10_000 })
    .catch(() => {});
  const mine = await p.locator(".activity-table tbody tr").evaluateAll((trs) => trs.map((tr) => tr.textContent?.replace(/\s+/g, " ") ?? ""));
  assert.ok(mine.length >= 2, mine.join("\n"));
  assert.ok(mine.every((r) => /ravi.*article 482135/.test(r)), mine.join("\n"));
});

test("corrections from the admin: the issue corrected (old URLs 301), the article trashed and restored, an empty issue deleted, a full one refused", async () => {
  const p = asha.page;
  await visit(p, "/admin/archives/2025/4/2");
  assert.deepEqual(await axe(p), []);
  await p.locator("#edit-issue").fill("3");
  await Promise.all([p.waitForURL(url("/admin/archives/2025/4/3")), p.getByRole("button", { name: "Save issue" }).click()]);
  assert.equal((await flash(p, "success")).msg, "Issue updated successfully");
  const old = await fetchOnHost(app, HOST, "/archives/2025/vol4/issue2");
  assert.equal(old.status, 301);
  assert.equal(new URL(old.headers.get("location")!, url("/")).pathname, "/archives/2025/vol4/issue3");
  const oldArticle = await fetchOnHost(app, HOST, "/archives/2025/4/2/482135");
  assert.equal(oldArticle.status, 301);
  assert.equal(new URL(oldArticle.headers.get("location")!, url("/")).pathname, "/archives/2025/4/3/482135");
  const pdf = await fetchOnHost(app, HOST, "/archives/2025/4/3/482135.pdf");
  assert.equal(pdf.status, 200);
  assert.deepEqual(Buffer.from(await pdf.arrayBuffer()), PDF);
  await shot(p, "issue-corrected");

  // A full issue is refused at once, saying why.
  await p.getByRole("button", { name: "Delete issue" }).click();
  assert.match((await flash(p, "error")).detail, /This issue has 1 article: only an empty issue can be deleted/);

  // The article to the trash (asked first), off the site, then restored from the trash page.
  await visit(p, `/admin/archives/${articleId}`);
  await p.getByRole("button", { name: "Move to trash" }).click();
  const confirm = p.locator("dialog.confirm-modal[open]");
  await confirm.waitFor();
  assert.equal(await confirm.locator("h2").textContent(), "Move this article to the trash?");
  assert.deepEqual(await axe(p), []);
  await Promise.all([p.waitForURL(url("/admin/archives/2025/4/3")), confirm.getByRole("button", { name: "Move to trash" }).click()]);
  assert.equal((await flash(p, "success")).msg, "Article moved to the trash");
  assert.equal((await fetchOnHost(app, HOST, "/archives/2025/4/3/482135")).status, 404);
  await p.getByRole("link", { name: "Archives" }).first().click();
  await p.getByRole("link", { name: /^Trash \(1\)$/ }).click();
  await p.waitForURL(url("/admin/trash"));
  assert.match((await p.locator(".trash-table").textContent()) ?? "", /482135.*Second title by Ravi/s);
  assert.deepEqual(await axe(p), []);
  await shot(p, "trash");
  await p.getByRole("button", { name: "Restore article 482135" }).click();
  assert.equal((await flash(p, "success")).msg, "Article restored");
  assert.equal((await fetchOnHost(app, HOST, "/archives/2025/4/3/482135")).status, 200);
  assert.deepEqual(Buffer.from(await (await fetchOnHost(app, HOST, "/archives/2025/4/3/482135.pdf")).arrayBuffer()), PDF);

  // An issue added by mistake, deleted.
  await visit(p, "/admin/archives");
  await p.locator("#volume").fill("9");
  await p.locator("#issue").fill("9");
  await p.locator("#frequency").selectOption("January");
  await p.getByRole("button", { name: "Add issue" }).click();
  await flash(p, "success");
  await visit(p, `/admin/archives/${YEAR}/9/9`);
  await p.getByRole("button", { name: "Delete issue" }).click();
  const ask = p.locator("dialog.confirm-modal[open]");
  await ask.waitFor();
  await Promise.all([p.waitForURL(url("/admin/archives")), ask.getByRole("button", { name: "Delete issue" }).click()]);
  assert.equal((await flash(p, "success")).msg, "Issue deleted");
  const issues = (await stored(`/api/admin/issues?year=${YEAR}`)) as unknown as { volume: number; issue: number }[];
  assert.equal(issues.filter((i) => i.volume === 9 && i.issue === 9).length, 0);
});

test("no console errors, page errors or CSP violations on either browser", () => {
  // The refused saves above answer 409, which Chromium logs as a failed load: expected.
  const unexpected = (problems: string[]) => problems.filter((p) => !/status of 409 \(Conflict\)/.test(p));
  assert.deepEqual(unexpected(asha.problems), []);
  assert.deepEqual(unexpected(ravi.problems), []);
});
