import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../app/models/history.server";
import { articleForm, fetchWorker as rawFetch, loginToken, makeAdminSession, makeIssue, makeUser, pdfBytes } from "../factories";
import { rgbaPng } from "../images";

/**
 * The journal's history (docs/decisions/019-history.md) through the real Worker: every staff
 * write leaves an entry with who, what and the fields' before/after (files by sha256), read
 * back by GET /api/admin/activity (paged, filtered) and on the admin pages; sign-ins and
 * password changes too.
 */

const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });
type Session = Awaited<ReturnType<typeof makeAdminSession>>;
type Entry = { at: string; actor: string; action: string; type: string; id: string; fields: Record<string, { before?: unknown; after?: unknown }> };

async function activity(s: Session, query = "", auth = s.auth): Promise<{ entries: Entry[]; next: string | null }> {
  const res = await fetchWorker(s.url(`/api/admin/activity${query}`), { headers: auth });
  expect(res.status).toBe(200);
  return res.json();
}

const multipart = (fields: Record<string, string>, pdf?: Uint8Array) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (pdf) f.set("pdfFile", new File([pdf as BlobPart], "paper.pdf", { type: "application/pdf" }));
  return f;
};

describe("GET /api/admin/activity", () => {
  it("lists an article's changes newest first, with the right actor and fields, paged and filtered", async () => {
    const s = await makeAdminSession();
    await makeUser(s.id, { username: "chief", password: "another long password" });
    const chief = { authorization: `Bearer ${await loginToken(s.host, "chief", "another long password")}` };
    const issue = await makeIssue(s.id, { year: 2025, volume: 41, issue: 1 });
    const add = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: articleForm(issue, { title: "First title", keywords: "rice" }) });
    expect(add.status).toBe(201);
    const a = (await add.json()) as { id: number; refnumber: string };
    expect((await fetchWorker(s.url(`/api/archives/${a.id}`), { method: "POST", headers: chief, body: multipart({ title: "Title by the chief" }) })).status).toBe(200);
    const pdf = pdfBytes(3333);
    expect((await fetchWorker(s.url(`/api/archives/${a.id}`), { method: "POST", headers: s.auth, body: multipart({ keywords: "rice, wheat" }, pdf) })).status).toBe(200);

    const { entries, next } = await activity(s, `?type=article&id=${a.id}`);
    expect(next).toBeNull();
    expect(entries.map((e) => [e.actor, e.action, e.type, e.id])).toEqual([
      ["staff", "update", "article", String(a.id)],
      ["chief", "update", "article", String(a.id)],
      ["staff", "create", "article", String(a.id)],
    ]);
    expect(entries[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(entries[0].fields).toEqual({
      keywords: { before: "rice", after: "rice, wheat" },
      pdf: { before: expect.stringMatching(/^[0-9a-f]{64}$/), after: await sha256Hex(new Uint8Array(pdf)) },
      version: { before: 2, after: 3 },
    });
    expect(entries[1].fields).toEqual({ title: { before: "First title", after: "Title by the chief" }, version: { before: 1, after: 2 } });
    expect(entries[2].fields).toMatchObject({ refnumber: { after: a.refnumber }, title: { after: "First title" }, version: { after: 1 } });
    // The create entry's PDF hash is the one the upload replaced.
    expect(entries[0].fields.pdf.before).toBe(entries[2].fields.pdf.after);

    // Paged: two at a time, `next` leads on; filtered by person.
    const page1 = await activity(s, `?type=article&id=${a.id}&limit=2`);
    expect(page1.entries.map((e) => e.actor)).toEqual(["staff", "chief"]);
    expect(page1.next).toMatch(/^\/api\/admin\/activity\?type=article&id=\d+&limit=2&before=\d+$/);
    const page2 = await activity(s, page1.next!.replace("/api/admin/activity", ""));
    expect(page2.entries.map((e) => e.action)).toEqual(["create"]);
    expect(page2.next).toBeNull();
    expect((await activity(s, "?actor=chief")).entries.map((e) => [e.action, e.type])).toEqual([
      ["update", "article"],
      ["sign_in", "user"],
    ]);
    // Without filters: the journal's whole history (the issue and the sign-ins too), newest first.
    const all = await activity(s);
    expect(all.entries.map((e) => `${e.type}:${e.action}`)).toEqual(["article:update", "article:update", "article:create", "issue:create", "user:sign_in", "user:sign_in"]);
    expect((await fetchWorker(s.url("/api/admin/activity?before=x"), { headers: s.auth })).status).toBe(400);
  });

  it("is per journal: another journal's staff see none of it", async () => {
    const s = await makeAdminSession();
    const other = await makeAdminSession();
    await makeIssue(s.id, { year: 2025, volume: 42, issue: 1 });
    const theirs = await activity(other);
    expect(theirs.entries.map((e) => e.type)).toEqual(["user"]);
    expect((await fetchWorker(s.url("/api/admin/activity"), { headers: other.auth })).status).toBe(401);
  });

  it("records editors, settings, images and pins with their fields", async () => {
    const s = await makeAdminSession();
    const created = await fetchWorker(s.url("/api/editors"), {
      method: "POST",
      headers: s.auth,
      body: multipart({ name: "Dr. Meera Iyer", category: "associate editor", post: "Professor", content: "IISc" }),
    });
    const e = (await created.json()) as { id: number };
    await fetchWorker(s.url("/api/editors/pin"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ ids: [e.id] }) });
    await fetchWorker(s.url("/api/settings"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ doi_prefix: "10.12345" }) });
    const png = rgbaPng(90, 90);
    const logo = new FormData();
    logo.set("logoFile", new File([png as BlobPart], "logo.png", { type: "image/png" }));
    await fetchWorker(s.url("/api/settings/logo"), { method: "POST", headers: s.auth, body: logo });

    const editor = (await activity(s, `?type=editor&id=${e.id}`)).entries;
    expect(editor.map((x) => [x.action, x.fields.is_pinned ?? x.fields.name])).toEqual([
      ["pin", { before: 0, after: 1 }],
      ["create", { after: "Dr. Meera Iyer" }],
    ]);
    const settings = (await activity(s, "?type=settings")).entries;
    expect(settings.map((x) => x.action)).toEqual(["upload", "update"]);
    expect(settings[0].fields.logo).toEqual({ before: null, after: await sha256Hex(new Uint8Array(png)) });
    expect(settings[1].fields.doi_prefix).toEqual({ before: "", after: "10.12345" });
  });
});

describe("security events on the Activity", () => {
  it("a sign-in and a password change are recorded for the user", async () => {
    const s = await makeAdminSession();
    const cookie = { cookie: `journal_session=${s.token}` };
    const form = new URLSearchParams({ current: "a long staff password", password: "a brand new passphrase", confirm: "a brand new passphrase" });
    const changed = await fetchWorker(s.url("/admin/account"), { method: "POST", headers: { ...cookie, "content-type": "application/x-www-form-urlencoded" }, body: form });
    expect(changed.status).toBe(200);
    const token = await loginToken(s.host, "staff", "a brand new passphrase");
    const { entries } = await activity(s, "?type=user", { authorization: `Bearer ${token}` });
    expect(entries.map((e) => [e.actor, e.action, e.id])).toEqual([
      ["staff", "sign_in", String(s.user.id)],
      ["staff", "password_change", String(s.user.id)],
      ["staff", "sign_in", String(s.user.id)],
    ]);
    // Nothing of the password is in it.
    expect(JSON.stringify(entries)).not.toContain("passphrase");
  });
});

describe("the admin pages", () => {
  it("the Activity page lists entries with people and records, filters by person and record type, and pages", async () => {
    const s = await makeAdminSession();
    const cookie = { cookie: `journal_session=${s.token}` };
    const issue = await makeIssue(s.id, { year: 2025, volume: 43, issue: 1 });
    await fetchWorker(s.url(`/api/admin/issues/${issue.id}`), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ year: 2025, volume: 43, issue: 2, frequency: "March" }) });
    const page = (await (await fetchWorker(s.url("/admin/activity"), { headers: cookie })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("<h1>Activity</h1>");
    expect(page).toContain("changed issue Vol. 43, Issue 2 (2025)");
    expect(page).toContain("signed in");
    expect(page).toMatch(/<option value="staff">staff<\/option>/);
    expect(page).toMatch(/<option value="issue">Issue<\/option>/);
    const filtered = (await (await fetchWorker(s.url("/admin/activity?type=issue"), { headers: cookie })).text()).replace(/<!-- -->/g, "");
    expect(filtered).toContain("changed issue");
    expect(filtered).not.toContain("signed in");
    // The issue page's History panel shows the correction.
    const issuePage = (await (await fetchWorker(s.url("/admin/archives/2025/43/2"), { headers: cookie })).text()).replace(/<!-- -->/g, "");
    expect(issuePage).toContain('id="history-title"');
    expect(issuePage).toMatch(/<dt>Issue<\/dt><dd><del class="value-before">1<\/del>.*<ins class="value-after">2<\/ins>/);
    // And its old admin address leads to the new one.
    const old = await fetchWorker(s.url("/admin/archives/2025/43/1"), { headers: cookie });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe("/admin/archives/2025/43/2");
  });
});
