import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { getArticleById } from "../../app/models/articles.server";
import { getEditor, listAllEditors } from "../../app/models/editors.server";
import { listIssues } from "../../app/models/issues.server";
import { getSettings } from "../../app/models/settings.server";
import { safeNext } from "../../app/auth/admin.server";
import {
  articleForm, db, fetchWorker as rawFetch, makeAdminSession, makeArticle, makeEditor, makeIssue, makeJournal, makeUser,
} from "../factories";

/** Admin sign-in, session checks on every page and the cross-site guard of every admin form. */

// Redirects are what these tests check: never follow them.
const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });

/** A cross-site post is refused by the Worker with 403 before any admin route runs. */
const REFUSED = [403];

const ADMIN_PAGES = [
  "/admin",
  "/admin/archives",
  "/admin/archives/2025/1/1",
  "/admin/archives/add/2025/1/1",
  "/admin/archives/1",
  "/admin/editors",
  "/admin/editors/add",
  "/admin/editors/1",
  "/admin/settings",
  "/admin/search?q=rice",
  "/admin/not-found",
  "/admin/no/such/page",
];

function loginForm(username: string, password: string, extra: Record<string, string> = {}) {
  const form = new URLSearchParams({ username, password, ...extra });
  return form;
}

async function login(host: string, username: string, password: string, headers: Record<string, string> = {}) {
  return fetchWorker(`https://${host}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.20", ...headers },
    body: loginForm(username, password),
  });
}

describe("admin sign-in", () => {
  it("shows the login form, and sends an already signed-in user to /admin", async () => {
    const s = await makeAdminSession();
    const anon = await fetchWorker(s.url("/admin/login"));
    expect(anon.status).toBe(200);
    const html = await anon.text();
    expect(html).toContain("Staff sign in");
    expect(html).toMatch(/name="username"/);
    expect(html).toMatch(/name="password"/);
    expect(anon.headers.get("cache-control")).toBe("no-store");

    const signedIn = await fetchWorker(s.url("/admin/login"), { headers: { cookie: `journal_session=${s.token}` } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
  });

  it("signs in with an HttpOnly SameSite session cookie and goes to /admin (or the page asked for)", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "ed", password: "a long enough password" });
    const res = await login(j.host, "ed", "a long enough password");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^journal_session=[\w.-]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");

    const next = await fetchWorker(j.url("/admin/login"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: loginForm("ed", "a long enough password", { next: "/admin/editors" }),
    });
    expect(next.headers.get("location")).toBe("/admin/editors");
    const evil = await fetchWorker(j.url("/admin/login"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: loginForm("ed", "a long enough password", { next: "//evil.example/admin" }),
    });
    expect(evil.headers.get("location")).toBe("/admin");
  });

  it("shows the spec's messages for a wrong password, a disabled user and a refused IP", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "ok", password: "right password here" });
    await makeUser(j.id, { username: "gone", password: "right password here", status: "disabled" });
    await makeUser(j.id, { username: "ipbound", password: "right password here", allowedIps: "192.0.2.1" });

    const wrong = await login(j.host, "ok", "wrong password");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Invalid user and password");
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const unknown = await login(j.host, "nobody", "whatever it is");
    expect(await unknown.text()).toContain("Invalid user and password");

    const disabled = await login(j.host, "gone", "right password here");
    expect(disabled.status).toBe(403);
    expect(await disabled.text()).toContain("User disabled");

    const ip = await login(j.host, "ipbound", "right password here");
    expect(ip.status).toBe(403);
    expect(await ip.text()).toContain("Invalid IP");

    const empty = await login(j.host, "", "");
    expect(empty.status).toBe(401);
    expect(await empty.text()).toContain("Invalid user and password");
  });

  it("does not let journal A's admin sign in on journal B's host", async () => {
    const a = await makeJournal();
    const b = await makeJournal();
    await makeUser(a.id, { username: "staff-a", password: "password of staff a" });
    const res = await login(b.host, "staff-a", "password of staff a");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Invalid user and password");
  });

  it("refuses cross-site sign-in and sign-out posts", async () => {
    const s = await makeAdminSession();
    // A foreign Origin is refused before any action runs (React Router's own check answers 400)…
    const foreign = await login(s.host, "staff", "a long staff password", { origin: "https://evil.example" });
    expect(REFUSED).toContain(foreign.status);
    expect(foreign.headers.get("set-cookie")).toBeNull();
    // …and a browser's Sec-Fetch-Site: cross-site without an Origin gets the Worker's 403 (app/auth/cross-site.ts).
    const res = await login(s.host, "staff", "a long staff password", { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
    const out = await fetchWorker(s.url("/admin/logout"), {
      method: "POST",
      headers: { cookie: `journal_session=${s.token}`, "sec-fetch-site": "cross-site" },
    });
    expect(out.status).toBe(403);
    expect(out.headers.get("set-cookie")).toBeNull();
  });

  it("logout clears the session cookie and returns to the login page, which says so", async () => {
    const s = await makeAdminSession();
    const res = await fetchWorker(s.url("/admin/logout"), {
      method: "POST",
      headers: { cookie: `journal_session=${s.token}`, origin: `https://${s.host}` },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/login?signed_out=1");
    expect(await (await fetchWorker(s.url("/admin/login?signed_out=1"))).text()).toContain("You have been signed out.");
    expect(res.headers.get("set-cookie")).toMatch(/^journal_session=;.*Max-Age=0/);
    // Signing out is never a GET.
    const get = await fetchWorker(s.url("/admin/logout"), { headers: { cookie: `journal_session=${s.token}` } });
    expect(get.status).toBe(302);
    expect(get.headers.get("set-cookie")).toBeNull();
  });
});

describe("admin session checks", () => {
  it("redirects every admin page to /admin/login without a session (checked on the server)", async () => {
    const j = await makeJournal();
    for (const path of ADMIN_PAGES) {
      const res = await fetchWorker(j.url(path));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toMatch(/^\/admin\/login/);
      expect(res.headers.get("location"), path).not.toContain("expired");
    }
    // Client-side navigations (single-fetch data requests) are refused the same way.
    const data = await fetchWorker(j.url("/admin/editors.data"));
    expect(await data.text()).not.toContain("Editorial board");
  });

  it("clears an invalid or expired cookie and marks the login as an expired session", async () => {
    const s = await makeAdminSession();
    const res = await fetchWorker(s.url("/admin/editors"), { headers: { cookie: "journal_session=not-a-token" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/login?expired=1&next=%2Fadmin%2Feditors");
    expect(res.headers.get("set-cookie")).toMatch(/^journal_session=;.*Max-Age=0/);
    // The login page itself also drops the stale cookie.
    const loginPage = await fetchWorker(s.url("/admin/login?expired=1"), { headers: { cookie: "journal_session=not-a-token" } });
    expect(loginPage.status).toBe(200);
    expect(loginPage.headers.get("set-cookie")).toMatch(/^journal_session=;/);
  });

  it("refuses journal A's session on journal B's host", async () => {
    const a = await makeAdminSession();
    const b = await makeJournal();
    const res = await fetchWorker(b.url("/admin"), { headers: { cookie: `journal_session=${a.token}` } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/admin\/login\?expired=1/);
  });

  it("renders every admin page with a session, never cached", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 3, issue: 2 });
    const article = await makeArticle(s.id, issue);
    const editor = await makeEditor(s.id);
    const pages = [
      "/admin",
      "/admin/archives",
      "/admin/archives/2025/3/2",
      "/admin/archives/add/2025/3/2",
      `/admin/archives/${article.id}`,
      "/admin/editors",
      "/admin/editors/add",
      `/admin/editors/${editor.id}`,
      "/admin/settings",
      `/admin/search?q=${article.refnumber}`,
    ];
    for (const path of pages) {
      const res = await fetchWorker(s.url(path), { headers: { cookie: `journal_session=${s.token}` } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      const html = await res.text();
      expect(html, path).toContain("Logout");
    }
  });

  it("answers unknown admin paths and /admin/not-found with 'Not Found!' (404) inside the shell", async () => {
    const s = await makeAdminSession();
    for (const path of ["/admin/not-found", "/admin/whatever/else", "/admin/archives/abc", "/admin/editors/999999999"]) {
      const res = await fetchWorker(s.url(path), { headers: { cookie: `journal_session=${s.token}` } });
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain("Not Found!");
      expect(html, path).toContain("Logout");
    }
  });

});

describe("admin actions without a session", () => {
  /** Every admin form post, each with a body that a signed-in admin's post would apply. */
  async function setup() {
    const s = await makeAdminSession({ settings: { websitename: "Untouched Journal" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 4, issue: 1, frequency: "Jan-Mar" });
    const article = await makeArticle(s.id, issue, { pagenumber: "1-6", status: "enabled" });
    const editor = await makeEditor(s.id, { name: "Dr. Untouched", status: "enabled" });
    const editorFields = { category: "chief editor", post: "Head", name: "Dr. Intruder", content: "Nowhere", email: "x@y.z" };
    const posts: { name: string; path: string; body: () => FormData | URLSearchParams }[] = [
      { name: "add issue", path: "/admin/archives", body: () => new URLSearchParams({ volume: "9", issue: "9", frequency: "January" }) },
      { name: "add article", path: "/admin/archives/add/2025/4/1", body: () => articleForm(issue, { refnumber: "777001", pagenumber: "7-9" }) },
      {
        name: "edit article",
        path: `/admin/archives/${article.id}`,
        body: () => articleForm(issue, { refnumber: article.refnumber, txnid: article.txnid, title: "Hijacked title", status: "disabled" }, null),
      },
      { name: "add editor", path: "/admin/editors/add", body: () => new URLSearchParams(editorFields) },
      { name: "edit editor", path: `/admin/editors/${editor.id}`, body: () => new URLSearchParams(editorFields) },
      { name: "editor status", path: "/admin/editors", body: () => new URLSearchParams({ intent: "status", id: String(editor.id), status: "disabled" }) },
      { name: "editor pin", path: "/admin/editors", body: () => new URLSearchParams([["intent", "pin"], ["ids", String(editor.id)]]) },
      { name: "settings", path: "/admin/settings", body: () => new URLSearchParams({ websitename: "Defaced", home_content: "<p>owned</p>" }) },
    ];
    return { s, issue, article, editor, posts };
  }

  async function snapshot(s: Awaited<ReturnType<typeof setup>>) {
    const files = (await env.FILES.list({ prefix: `journals/${s.s.id}/` })).objects.map((o) => o.key).sort();
    return JSON.stringify({
      issues: await listIssues(db(), s.s.id),
      article: await getArticleById(db(), s.s.id, s.article.id),
      editors: await listAllEditors(db(), s.s.id),
      editor: await getEditor(db(), s.s.id, s.editor.id),
      settings: await getSettings(db(), s.s.id),
      files,
    });
  }

  it("refuses every admin action (article add/edit, editor add/edit/status/pin, settings, add issue): login redirect, nothing changed", async () => {
    const ctx = await setup();
    const before = await snapshot(ctx);
    for (const { name, path, body } of ctx.posts) {
      for (const cookie of [undefined, "journal_session=expired.or.forged", `journal_session=${ctx.s.token}x`]) {
        // Same-origin posts (so the cross-site guard lets them through): only the session check stops them.
        const headers: Record<string, string> = { origin: `https://${ctx.s.host}`, "sec-fetch-site": "same-origin" };
        if (cookie) headers.cookie = cookie;
        const page = await fetchWorker(ctx.s.url(path), { method: "POST", headers, body: body() });
        expect(page.status, `${name} ${cookie ?? "no cookie"}`).toBe(302);
        expect(page.headers.get("location"), name).toMatch(/^\/admin\/login/);
        if (cookie) expect(page.headers.get("location"), name).toContain("expired=1");
        // The client-side (single-fetch) form of the same post.
        const data = await fetchWorker(ctx.s.url(`${path}.data`), { method: "POST", headers, body: body() });
        expect([200, 202, 204, 302, 303], `${name}.data`).toContain(data.status);
        const payload = await data.text();
        expect(payload, `${name}.data`).toContain("/admin/login");
        expect(payload, `${name}.data`).not.toMatch(/successfully|announcement/i);
      }
    }
    expect(await snapshot(ctx)).toBe(before);
    // And the session that was never presented still works: the checks did not log anyone out.
    const ok = await fetchWorker(ctx.s.url("/admin/settings"), { headers: { cookie: `journal_session=${ctx.s.token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Untouched Journal");
  });
});

describe("safeNext", () => {
  it("keeps admin paths and drops everything else", () => {
    expect(safeNext("/admin/editors")).toBe("/admin/editors");
    expect(safeNext("/admin/search?q=x")).toBe("/admin/search?q=x");
    expect(safeNext("/admin/editors.data?_routes=a")).toBe("/admin/editors");
    expect(safeNext("//evil.example/admin")).toBe("");
    expect(safeNext("https://evil.example/admin")).toBe("");
    expect(safeNext("/\\evil.example")).toBe("");
    expect(safeNext("/admin/login")).toBe("");
    expect(safeNext("/archives")).toBe("");
    expect(safeNext(null)).toBe("");
  });
});
