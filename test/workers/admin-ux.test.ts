import { describe, expect, it } from "vitest";
import { listIssues } from "../../app/models/issues.server";
import { articleForm, db, fetchWorker as rawFetch, makeAdminSession, makeIssue } from "../factories";

/** Issue 16: repeated submissions, years of issues, admin search, dashboard, public search paging. */

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


