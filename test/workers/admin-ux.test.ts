import { describe, expect, it } from "vitest";
import { listIssues } from "../../app/models/issues.server";
import { sql } from "drizzle-orm";
import { articleForm, db, fetchWorker as rawFetch, makeAdminSession, makeArticle, makeIssue } from "../factories";
import { titleOf } from "./public-helpers";

/** Staff work at scale: repeated submissions, years of issues, admin search, dashboard, public search paging. */

const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });
type Session = Awaited<ReturnType<typeof makeAdminSession>>;
const YEAR = new Date().getUTCFullYear();

function get(s: Session, path: string) {
  return fetchWorker(s.url(path), { headers: { cookie: `journal_session=${s.token}` } });
}

function post(s: Session, path: string, body: FormData | Record<string, string>) {
  const payload = body instanceof FormData ? body : new URLSearchParams(body);
  return fetchWorker(s.url(path), { method: "POST", headers: { cookie: `journal_session=${s.token}` }, body: payload });
}

async function text(res: Response): Promise<string> {
  return (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

/** The submission token the admin pages render into their forms. */
async function pageToken(s: Session, path: string): Promise<string> {
  const html = await (await get(s, path)).text();
  const token = /name="_submission" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(token, `a submission token on ${path}`).toBeTruthy();
  return token!;
}

describe("a form submitted twice is one submission (16.3)", () => {
  it("add issue: the same token and fields twice give one issue and two success answers", async () => {
    const s = await makeAdminSession();
    const token = await pageToken(s, "/admin/archives");
    const fields = { volume: "4", issue: "2", frequency: "Apr-Jun", _submission: token };
    const first = await post(s, "/admin/archives", fields);
    const second = await post(s, "/admin/archives", fields);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const html = await text(second);
    expect(html).toContain("Issue created successfully");
    expect(html).not.toContain("already exists");
    expect(await listIssues(db(), s.id)).toHaveLength(1);
  });

  it("add issue: two identical submissions at once give one issue and no error", async () => {
    const s = await makeAdminSession();
    const token = await pageToken(s, "/admin/archives");
    const fields = { volume: "5", issue: "1", frequency: "January", _submission: token };
    const answers = await Promise.all([post(s, "/admin/archives", fields), post(s, "/admin/archives", fields)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    for (const r of answers) expect(await text(r)).toContain("Issue created successfully");
    expect(await listIssues(db(), s.id)).toHaveLength(1);
  });

  it("a new token per page load; the same token with other fields is a new submission", async () => {
    const s = await makeAdminSession();
    const a = await pageToken(s, "/admin/archives");
    const b = await pageToken(s, "/admin/archives");
    expect(a).not.toBe(b);
    expect((await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "January", _submission: a })).status).toBe(200);
    expect((await post(s, "/admin/archives", { volume: "1", issue: "2", frequency: "February", _submission: a })).status).toBe(200);
    expect(await listIssues(db(), s.id)).toHaveLength(2);
    // A real duplicate (a new submission of an issue that exists) is still refused.
    const dup = await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "January", _submission: b });
    expect(dup.status).toBe(409);
    expect(await text(dup)).toContain(`Volume 1, Issue 1 of ${YEAR} already exists.`);
  });

  it("a refused submission is not remembered: corrected and sent with the same token, it is saved", async () => {
    const s = await makeAdminSession();
    const token = await pageToken(s, "/admin/archives");
    const bad = await post(s, "/admin/archives", { volume: "", issue: "1", frequency: "January", _submission: token });
    expect(bad.status).toBe(400);
    const again = await post(s, "/admin/archives", { volume: "", issue: "1", frequency: "January", _submission: token });
    expect(again.status).toBe(400);
    expect((await post(s, "/admin/archives", { volume: "3", issue: "1", frequency: "January", _submission: token })).status).toBe(200);
    expect(await listIssues(db(), s.id)).toHaveLength(1);
  });

  it("add article: sent twice, one article and the same announcement, not 'Duplicate reference number'", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Annals of Testing" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 2, issue: 1 });
    const path = "/admin/archives/add/2025/2/1";
    const token = await pageToken(s, path);
    const form = articleForm(issue, { refnumber: "777001", pagenumber: "1-6" });
    form.set("_submission", token);
    const first = await post(s, path, form);
    const second = await post(s, path, form);
    expect([first.status, second.status]).toEqual([200, 200]);
    const html = await text(second);
    expect(html).toContain("has been published in Annals of Testing");
    expect(html).not.toContain("Duplicate reference number");
    expect(await db().query.articles.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) })).toHaveLength(1);
  });

  it("add editor: sent twice, one editor and the same redirect with 'Editor created successfully'", async () => {
    const s = await makeAdminSession();
    const token = await pageToken(s, "/admin/editors/add");
    const form = new FormData();
    for (const [k, v] of Object.entries({ category: "associate editor", post: "Professor", name: "Dr. Kwame Mensah", content: "University of Ghana", _submission: token })) form.set(k, v);
    const first = await post(s, "/admin/editors/add", form);
    const second = await post(s, "/admin/editors/add", form);
    for (const r of [first, second]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/admin/editors");
      expect(r.headers.get("set-cookie") ?? "").toMatch(/^admin_flash=/);
    }
    expect(await db().query.editors.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) })).toHaveLength(1);
  });

  it("settings and logo forms carry the token; a repeated settings save answers success", async () => {
    const s = await makeAdminSession();
    const token = await pageToken(s, "/admin/settings");
    const html = await (await get(s, "/admin/settings")).text();
    expect(html.match(/name="_submission"/g)?.length).toBeGreaterThanOrEqual(2);
    const fields = { websitename: "Journal Twice Saved", _submission: token };
    for (let i = 0; i < 2; i++) {
      const res = await post(s, "/admin/settings", fields);
      expect(res.status).toBe(200);
      expect(await text(res)).toContain("Settings updated successfully");
    }
  });
});



describe("years of issues (16.5)", () => {
  async function journalWithYears() {
    const s = await makeAdminSession();
    // 3 years × 10 issues; the newest year is the current one.
    for (const [k, year] of [YEAR - 2, YEAR - 1, YEAR].entries()) {
      for (let n = 1; n <= 10; n++) await makeIssue(s.id, { year, volume: k + 1, issue: n, frequency: "January" });
    }
    return s;
  }

  it("lists every year newest first, 24 issues a page with numbered pages, article counts per issue", async () => {
    const s = await journalWithYears();
    const newest = (await listIssues(db(), s.id))[0];
    await makeArticle(s.id, newest, { pagenumber: "1-4" });
    await makeArticle(s.id, newest, { pagenumber: "5-9" });
    const html = await text(await get(s, "/admin/archives"));
    expect(html).toContain("30 issues in 3 years");
    expect(html).toContain("Page 1 of 2");
    expect(html).toContain('href="/admin/archives?page=2"');
    // The current year's heading comes first, then the year before.
    const first = html.indexOf(`>${YEAR} <span`);
    const second = html.indexOf(`>${YEAR - 1} <span`);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(html).toContain(`/admin/archives/${YEAR}/3/10"`);
    expect(html).toMatch(/>002</);
    const page2 = await text(await get(s, "/admin/archives?page=2"));
    expect(page2).toContain("Page 2 of 2");
    expect(page2).toContain(`/admin/archives/${YEAR - 2}/1/1"`);
    expect(page2).not.toContain(`/admin/archives/${YEAR}/3/10"`);
  });

  it("filters one year; a page past the end says so with a link back", async () => {
    const s = await journalWithYears();
    const html = await text(await get(s, `/admin/archives?year=${YEAR - 1}`));
    expect(html).toContain(`Issues of ${YEAR - 1}`);
    expect(html.match(/aria-label="Open volume/g)).toHaveLength(10);
    expect(html).toContain(`/admin/archives/${YEAR - 1}/2/5"`);
    expect(html).not.toContain(`/admin/archives/${YEAR}/3/5"`);
    expect(html).toContain('aria-current="page"');
    const past = await text(await get(s, "/admin/archives?page=9"));
    expect(past).toContain("Page 9 of 2: no issues here.");
    expect(past).toContain("Back to the first page");
  });
});

describe("admin search finds issues and articles (16.5)", () => {
  it("finds issues by year and by volume and issue, as staff type them", async () => {
    const s = await makeAdminSession();
    const i = await makeIssue(s.id, { year: 2025, volume: 4, issue: 2, frequency: "Apr-Jun" });
    await makeIssue(s.id, { year: 2025, volume: 4, issue: 1 });
    await makeIssue(s.id, { year: 2024, volume: 3, issue: 2 });
    await makeArticle(s.id, i);
    const year = await text(await get(s, "/admin/search?q=2025"));
    expect(year).toContain("2 issues and 0 articles match");
    expect(year).toContain("/admin/archives/2025/4/2");
    expect(year).toContain("/admin/archives/2025/4/1");
    expect(year).not.toContain("/admin/archives/2024/3/2");
    for (const q of ["vol 4 issue 2", "volume 4 issue 2", "Vol. 4, Issue 2"]) {
      const html = await text(await get(s, `/admin/search?q=${encodeURIComponent(q)}`));
      expect(html, q).toContain("Vol. 04, Issue 02 (2025)");
      expect(html, q).toContain('href="/admin/archives/2025/4/2"');
      expect(html, q).not.toContain('href="/admin/archives/2025/4/1"');
    }
    expect(await text(await get(s, "/admin/search?q=vol+9+issue+9"))).toContain("Not Found!");
  });

  it("finds articles of any status by title words, author, refnumber, txn ID and e-mail, paged", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const on = await makeArticle(s.id, issue, { title: "Drought tolerance of <i>Sorghum bicolor</i>", email: "Lena@Example.org" });
    const off = await makeArticle(s.id, issue, { title: "Sorghum yields in dry years", status: "disabled" });
    const byTitle = await text(await get(s, "/admin/search?q=sorghum"));
    expect(byTitle).toContain(`/admin/archives/${on.id}`);
    expect(byTitle).toContain(`/admin/archives/${off.id}`);
    expect(await text(await get(s, `/admin/search?q=${off.refnumber}`))).toContain(`/admin/archives/${off.id}`);
    expect(await text(await get(s, `/admin/search?q=${on.txnid.toLowerCase()}`))).toContain(`/admin/archives/${on.id}`);
    expect(await text(await get(s, "/admin/search?q=lena%40example.org"))).toContain(`/admin/archives/${on.id}`);
    // A disabled article is matched like an enabled one (migration 0015): by a title
    // word, by an author's name, by prefixes, whatever the case and diacritics — and only in
    // this journal.
    const hidden = await makeArticle(s.id, issue, { title: "Teff <i>Eragrostis</i> lodging", authorname: "Dr. Zoë Kwarteng, Rahul Verma", status: "disabled" });
    for (const q of ["eragrostis", "Kwarteng", "zoe kwart", "TEFF LODG", "Dr. Zoë Kwarteng"]) {
      const html = await text(await get(s, `/admin/search?q=${encodeURIComponent(q)}`));
      expect(html, q).toContain(`/admin/archives/${hidden.id}`);
      expect(html, q).toContain("1 article matches");
    }
    const other = await makeAdminSession();
    expect(await text(await get(other, "/admin/search?q=kwarteng"))).toContain("Not Found!");
    for (let n = 0; n < 21; n++) await makeArticle(s.id, issue, { title: `Millet trial number ${n}` });
    const page1 = await text(await get(s, "/admin/search?q=millet"));
    expect(page1).toContain("21 articles match");
    expect(page1).toContain("Page 1 of 2");
    expect(page1.match(/>EDIT</g)).toHaveLength(20);
    const page2 = await text(await get(s, "/admin/search?q=millet&page=2"));
    expect(page2.match(/>EDIT</g)).toHaveLength(1);
    const past = await text(await get(s, "/admin/search?q=millet&page=5"));
    expect(past).toContain("21 articles match");
    expect(past).toContain("Page 5 of 2: no more articles.");
  });
});

describe("dashboard shortcuts (16.5)", () => {
  it("links to the latest issue and to the last edited articles, newest edit first", async () => {
    const s = await makeAdminSession();
    await makeIssue(s.id, { year: 2024, volume: 1, issue: 1 });
    const latest = await makeIssue(s.id, { year: 2025, volume: 2, issue: 3, frequency: "March" });
    const older = await makeArticle(s.id, latest, { title: "Older edit" });
    const newer = await makeArticle(s.id, latest, { title: "Newer <i>edit</i>", pagenumber: "7-9" });
    await db().run(sql`update articles set modification = '2020-01-01T00:00:00.000Z' where id = ${older.id}`);
    const html = await text(await get(s, "/admin"));
    expect(html).toContain('href="/admin/archives/2025/2/3"');
    expect(html).toContain("Vol. 02, Issue 03 (2025) · March");
    const a = html.indexOf(`href="/admin/archives/${newer.id}"`);
    const b = html.indexOf(`href="/admin/archives/${older.id}"`);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a);
    expect(html).toContain(">Newer edit</a>");
  });
});

describe("public search (16.8)", () => {
  it("a page past the end says 'Page N of M' with a link back; pages are numbered", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    for (let n = 0; n < 45; n++) await makeArticle(s.id, issue, { title: `Amaranth study ${n}`, pagenumber: `${n + 1}-${n + 1}` });
    const past = await text(await fetchWorker(s.url("/search?keyword=amaranth&page=99")));
    expect(past).toContain("Page 99 of 3");
    expect(past).toMatch(/<strong>45<\/strong> articles found/);
    expect(past).toContain('href="/search?keyword=amaranth&page=3"');
    expect(past).not.toContain("Sorry, nothing matched");
    const first = await text(await fetchWorker(s.url("/search?keyword=amaranth")));
    expect(first).toContain('aria-label="Page 2"');
    expect(first).toContain('aria-label="Page 3"');
    expect(first).toContain('aria-current="page">1<');
  });

  it("a reference number typed into the search box finds its article; a disabled one stays hidden", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const a = await makeArticle(s.id, issue, { title: "Pearl millet under salinity" });
    const hidden = await makeArticle(s.id, issue, { status: "disabled", pagenumber: "7-9" });
    const html = await text(await fetchWorker(s.url(`/search?keyword=${a.refnumber}`)));
    expect(html).toContain("Pearl millet under salinity");
    expect(html).not.toContain("Sorry, nothing matched");
    const none = await text(await fetchWorker(s.url(`/search?keyword=${hidden.refnumber}`)));
    expect(none).toContain("Sorry, nothing matched");
  });
});

describe("staff page titles", () => {
  it("each staff page is titled with its name, '· Admin' and the journal's name; the dashboard 'Admin'", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Annals of Titles" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 3 });
    const article = await makeArticle(s.id, issue);
    const titles: Record<string, string> = {};
    for (const path of [
      "/admin",
      "/admin/archives",
      "/admin/archives/2025/7/3",
      "/admin/archives/add/2025/7/3",
      `/admin/archives/${article.id}`,
      "/admin/editors/add",
      "/admin/indexing/add",
      "/admin/editors",
      "/admin/indexing",
      "/admin/settings",
      "/admin/staff",
      "/admin/account",
      "/admin/activity",
      "/admin/trash",
      "/admin/search?q=rice",
      "/admin/no-such-page",
    ]) {
      titles[path] = titleOf(await (await get(s, path)).text());
    }
    expect(titles).toEqual({
      "/admin": "Admin | Annals of Titles",
      "/admin/archives": "Archives · Admin | Annals of Titles",
      "/admin/archives/2025/7/3": "Vol. 07, Issue 03 (2025) · Admin | Annals of Titles",
      "/admin/archives/add/2025/7/3": "Add article · Admin | Annals of Titles",
      [`/admin/archives/${article.id}`]: `Edit article ${article.refnumber} · Admin | Annals of Titles`,
      "/admin/editors/add": "Add editor · Admin | Annals of Titles",
      "/admin/indexing/add": "Add indexing partner · Admin | Annals of Titles",
      "/admin/editors": "Editors · Admin | Annals of Titles",
      "/admin/indexing": "Indexing partners · Admin | Annals of Titles",
      "/admin/settings": "Settings · Admin | Annals of Titles",
      "/admin/staff": "Staff · Admin | Annals of Titles",
      "/admin/account": "Your account · Admin | Annals of Titles",
      "/admin/activity": "Activity · Admin | Annals of Titles",
      "/admin/trash": "Trash · Admin | Annals of Titles",
      "/admin/search?q=rice": "Search: rice · Admin | Annals of Titles",
      "/admin/no-such-page": "Not Found! · Admin | Annals of Titles",
    });
  });
});
