import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { ADMIN_ONLY_PATHS, isAdminOnly, normalisePath } from "../../app/auth/permissions";
import { findPasswordLink, PASSWORD_LINK_HOURS, usePasswordLink } from "../../app/models/staff.server";
import { hashPassword } from "../../app/lib/password.server";
import { ROLE_MESSAGES, STAFF_MESSAGES } from "../../app/schemas/messages";
import { app } from "../../workers/app";
import { articleForm, db, loginToken, makeAdminSession, makeIssue, makeUser } from "../factories";
import { adminGet, adminPost, browserSignIn, fetchWorker, jsonLogin } from "./sign-in";

/**
 * Staff accounts and the two roles (docs/decisions/024-staff-roles.md): an admin adds a colleague
 * as editor, hands over the one-time link, the colleague sets a password and signs in; editors
 * may do everything but settings and staff accounts — on every page and API call, read from the
 * routers themselves, so a page or call added later is checked without being listed here.
 */

type Json = Record<string, any>;
const PASSWORD = "a long staff password";
const EDITOR_PASSWORD = "green fields under the monsoon";

function api(s: { host: string; auth: Record<string, string> }, path: string, body?: unknown) {
  return fetchWorker(`https://${s.host}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...s.auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const tokenOf = (link: string) => link.split("/").pop()!;

function setPassword(host: string, token: string, password: string, confirm = password) {
  return fetchWorker(`https://${host}/admin/set-password/${token}`, {
    method: "POST",
    headers: { origin: `https://${host}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ password, confirm }),
  });
}

async function historyOf(journalId: number) {
  const { results } = await env.DB.prepare("select actor, action, record_type, record_id, fields from history where journal_id = ? order by id").bind(journalId).all<Json>();
  return results.map((r): Json => ({ ...r, fields: JSON.parse(r.fields) }));
}

/** An admin session and a colleague added as editor through the API, who has set a password. */
async function withEditor() {
  const s = await makeAdminSession();
  const added = await api(s, "/api/admin/users", { username: "asha.menon", name: "Dr. Asha Menon", role: "editor" });
  expect(added.status).toBe(201);
  const body = (await added.json()) as Json;
  expect((await setPassword(s.host, tokenOf(body.link), EDITOR_PASSWORD)).status).toBe(302);
  const token = await loginToken(s.host, "asha.menon", EDITOR_PASSWORD);
  return { s, editor: body.user as Json, link: body.link as string, editorAuth: { authorization: `Bearer ${token}` } };
}

describe("adding a colleague and the one-time set-password link", () => {
  it("answers the user and a link on the journal's primary host; only a hash of the token is stored", async () => {
    const s = await makeAdminSession();
    const res = await api(s, "/api/admin/users", { username: "asha.menon", name: "  Dr. Asha   Menon ", role: "editor" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.user).toMatchObject({ username: "asha.menon", name: "Dr. Asha Menon", role: "editor", status: "enabled", password_set: false, two_factor: false, last_sign_in_at: null });
    expect(body.link).toMatch(new RegExp(`^https://${s.host.replace(/\./g, "\\.")}/admin/set-password/[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(body.link_expires_at) - Date.now()).toBeGreaterThan((PASSWORD_LINK_HOURS - 0.1) * 3600_000);
    expect(Date.parse(body.link_expires_at) - Date.now()).toBeLessThanOrEqual(PASSWORD_LINK_HOURS * 3600_000);
    // The database holds the SHA-256 of the token, never the token.
    const stored = await env.DB.prepare("select * from staff_password_links where journal_id = ?").bind(s.id).all<Json>();
    expect(stored.results).toHaveLength(1);
    expect(JSON.stringify(stored.results)).not.toContain(tokenOf(body.link));
    expect(stored.results[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    // The list shows the colleague waiting for a password, never a hash or a secret.
    const list = (await (await api(s, "/api/admin/users")).json()) as Json[];
    expect(list.map((u) => [u.username, u.role, u.password_set, u.link_expires_at])).toEqual([
      ["staff", "admin", true, null],
      ["asha.menon", "editor", false, body.link_expires_at],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/pbkdf2|totp|password_hash/);
    // The history: who added whom, with which role.
    const history = await historyOf(s.id);
    expect(history).toContainEqual({
      actor: "staff",
      action: "create",
      record_type: "user",
      record_id: String(body.user.id),
      fields: { username: { after: "asha.menon" }, name: { after: "Dr. Asha Menon" }, role: { after: "editor" } },
    });
  });

  it("refuses what the username rule refuses (one rule with the command line), names taken in any case, and bad roles", async () => {
    const s = await makeAdminSession();
    const cases: [Json, number, Json][] = [
      [{ username: "bad user!", name: "Bad", role: "editor" }, 400, { error: "validation_failed", fields: { username: STAFF_MESSAGES.username } }],
      [{ username: "x", name: "X", role: "editor" }, 400, { error: "validation_failed", fields: { username: STAFF_MESSAGES.username } }],
      [{ username: "ok.name", name: "", role: "editor" }, 400, { error: "validation_failed", fields: { name: STAFF_MESSAGES.name } }],
      [{ username: "ok.name", name: "<b>x</b>", role: "editor" }, 400, { error: "validation_failed", fields: { name: STAFF_MESSAGES.name } }],
      [{ username: "ok.name", name: "Ok", role: "owner" }, 400, { error: "validation_failed", fields: { role: STAFF_MESSAGES.role } }],
      [{ username: "STAFF", name: "Shadow", role: "admin" }, 409, { error: "username_taken", fields: { username: STAFF_MESSAGES.usernameTaken("STAFF") } }],
    ];
    for (const [body, status, expected] of cases) {
      const res = await api(s, "/api/admin/users", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json(), JSON.stringify(body)).toMatchObject(expected);
    }
    const list = (await (await api(s, "/api/admin/users")).json()) as Json[];
    expect(list.map((u) => u.username)).toEqual(["staff"]);
  });

  it("the link works once, for 24 hours; the rules apply; using it ends every other session of the user", async () => {
    const { s, editor, link, editorAuth } = await withEditor();
    // Used already (by withEditor): a second use is refused and changes nothing.
    expect((await setPassword(s.host, tokenOf(link), "another long passphrase")).status).toBe(404);
    expect((await jsonLogin(s.host, { username: "asha.menon", password: "another long passphrase" })).status).toBe(401);
    // The page says so.
    const page = await fetchWorker(`https://${s.host}/admin/set-password/${tokenOf(link)}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This set-password link is not valid");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");

    // A new link (the colleague forgot the password): refused passwords change nothing…
    const again = (await (await api(s, `/api/admin/users/${editor.id}/reset`, {})).json()) as Json;
    const token = tokenOf(again.link);
    for (const [password, confirm, message] of [
      ["password123 ", "password123 ", "one of the most common passwords"],
      ["asha.menon and rivers", "asha.menon and rivers", "may not contain your username"],
      ["a calm field of rice", "a calm field of ryes", "The two new passwords differ"],
    ]) {
      const res = await setPassword(s.host, token, password, confirm);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect((await api({ host: s.host, auth: editorAuth }, "/auth/verify-token/")).status, "still signed in").toBe(200);
    // …a good one sets it, and the session that was open ends.
    expect((await setPassword(s.host, token, "a calm field of rice")).status).toBe(302);
    expect((await api({ host: s.host, auth: editorAuth }, "/auth/verify-token/")).status).toBe(401);
    expect((await jsonLogin(s.host, { username: "asha.menon", password: "a calm field of rice" })).status).toBe(200);
    expect((await jsonLogin(s.host, { username: "asha.menon", password: EDITOR_PASSWORD })).status).toBe(401);

    // A newer link replaces the older one; a link past 24 hours does not work.
    const first = tokenOf(((await (await api(s, `/api/admin/users/${editor.id}/reset`, {})).json()) as Json).link);
    const second = tokenOf(((await (await api(s, `/api/admin/users/${editor.id}/reset`, {})).json()) as Json).link);
    expect(await findPasswordLink(db(), s.id, first)).toBeNull();
    expect(await findPasswordLink(db(), s.id, second)).not.toBeNull();
    const later = Date.now() + PASSWORD_LINK_HOURS * 3600_000 + 60_000;
    expect(await findPasswordLink(db(), s.id, second, later)).toBeNull();
    expect(await usePasswordLink(db(), s.id, second, await hashPassword("too late for this one"), later)).toBeNull();
    // Another journal's host does not know the link.
    const other = await makeAdminSession();
    expect((await fetchWorker(`https://${other.host}/admin/set-password/${second}`)).status).toBe(404);

    const actions = (await historyOf(s.id)).filter((h) => h.record_id === String(editor.id)).map((h) => h.action);
    expect(actions).toEqual([
      "create",
      "password_reset",
      "sign_in",
      "sign_in_failed", // the old link's password, tried above
      "password_reset_link",
      "password_reset",
      "sign_in",
      "sign_in_failed", // the password from before the reset
      "password_reset_link",
      "password_reset_link",
    ]);
  });
});

describe("roles: editors may not open settings or staff accounts", () => {
  it("an editor adds an article, and gets 403 with a clear message on Settings and Staff (page and API)", async () => {
    const { s, editorAuth } = await withEditor();
    const ed = { host: s.host, auth: editorAuth };
    const issue = await makeIssue(s.id);
    const added = await fetchWorker(`https://${s.host}/api/admin/archives/`, { method: "POST", headers: editorAuth, body: articleForm(issue) });
    expect(added.status, await added.clone().text()).toBe(201);
    for (const [path, body] of [
      ["/api/settings/", undefined],
      ["/api/settings", { websitename: "Taken over" }],
      ["/api/admin/users", undefined],
      ["/api/admin/users", { username: "mole", name: "Mole", role: "admin" }],
    ] as const) {
      const res = await api(ed, path, body);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ error: "admin_only", message: ROLE_MESSAGES.forbidden });
    }
    const browser = await browserSignIn(s.host, "asha.menon", EDITOR_PASSWORD);
    for (const path of ["/admin/settings", "/admin/staff"]) {
      const page = await adminGet(s.host, path, browser.cookie);
      expect(page.status, path).toBe(403);
      const html = await page.text();
      expect(html).toContain("Admins only");
      expect(html).toContain(ROLE_MESSAGES.forbidden.replace(/'/g, "&#x27;"));
    }
    // A form post is refused the same way, and nothing changes.
    const post = await adminPost(s.host, "/admin/settings", browser.cookie, { websitename: "Taken over" });
    expect(post.status).toBe(403);
    const settings = await env.DB.prepare("select websitename from settings where journal_id = ?").bind(s.id).first<Json>();
    expect(settings?.websitename).not.toBe("Taken over");
    // The menu shows the editor what they may open, and no more.
    const dashboard = await (await adminGet(s.host, "/admin", browser.cookie)).text();
    const menu = /<nav class="admin-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(dashboard)![1];
    expect([...menu.matchAll(/>([^<>]+)<\/a>/g)].map((m) => m[1])).toEqual(["Home", "Archives", "Editors", "Indexing", "Activity"]);
    const admin = await browserSignIn(s.host, "staff", PASSWORD);
    const adminMenu = /<nav class="admin-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(await (await adminGet(s.host, "/admin", admin.cookie)).text())![1];
    expect([...adminMenu.matchAll(/>([^<>]+)<\/a>/g)].map((m) => m[1])).toEqual(["Home", "Archives", "Editors", "Indexing", "Staff", "Settings", "Activity"]);
  });

  it("every API call and admin page, read from the routers, is refused to editors exactly where the one table says", async () => {
    const { s, editorAuth } = await withEditor();
    const browser = await browserSignIn(s.host, "asha.menon", EDITOR_PASSWORD);
    // Every staff API route the Worker registers.
    const apiRoutes = [...new Set(app.routes.filter((r) => r.method !== "ALL" && !r.path.includes("*") && /^\/(api|auth)\//.test(r.path)).map((r) => `${r.method} ${r.path}`))];
    let adminOnly = 0;
    for (const key of apiRoutes) {
      const [method, pattern] = key.split(" ");
      if (pattern.startsWith("/auth/logout")) continue; // would end the session used below
      const url = pattern.replace(/:[A-Za-z_]+/g, "1");
      const res = await fetchWorker(`https://${s.host}${url}`, {
        method,
        headers: { ...editorAuth, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
        body: method === "POST" ? "{}" : undefined,
      });
      const body = res.status === 403 ? ((await res.json()) as Json) : (await res.arrayBuffer(), null);
      if (isAdminOnly(url)) {
        adminOnly++;
        expect(res.status, key).toBe(403);
        expect(body?.error, key).toBe("admin_only");
      } else {
        expect(body?.error, key).not.toBe("admin_only");
      }
    }
    expect(adminOnly, "settings, logo, signature, stamp and the staff calls").toBeGreaterThanOrEqual(8);
    // Every admin page in the URL map (app/routes.ts), as a page load.
    const pages: string[] = [];
    const walk = (list: { path?: string; children?: unknown[] }[], base: string) => {
      for (const r of list) {
        const path = r.path ? `${base}/${r.path}`.replace(/\/+/g, "/") : base;
        if (r.children) walk(r.children as typeof list, path);
        else if (path.startsWith("/admin") && !/\/(login|logout|set-password|files)\b/.test(path)) pages.push(path.replace(/:[a-z]+\??/gi, "1").replace(/\*$/, "nowhere"));
      }
    };
    walk(routes as unknown as { path?: string; children?: unknown[] }[], "");
    expect(pages).toEqual(expect.arrayContaining(["/admin/settings", "/admin/staff", "/admin/indexing", "/admin/archives"]));
    for (const path of pages) {
      const res = await adminGet(s.host, path, browser.cookie);
      if (isAdminOnly(path)) expect(res.status, path).toBe(403);
      else expect([200, 404], path).toContain(res.status);
      await res.arrayBuffer();
    }
  });

  it("no spelling of an admin-only path gets an editor past the check", async () => {
    const { s, editorAuth } = await withEditor();
    const browser = await browserSignIn(s.host, "asha.menon", EDITOR_PASSWORD);
    for (const path of ["/admin/SETTINGS", "/admin/Settings/", "/admin//settings", "/admin/%73ettings", "/admin/settings.data", "/admin/staff/", "/Admin/Staff"]) {
      const res = await adminGet(s.host, path, browser.cookie);
      expect(res.status, path).toBe(403);
      await res.arrayBuffer();
    }
    for (const path of ["/api/Settings", "/api/settings/", "/api/%73ettings/logo", "/api/admin/USERS", "/api/admin//users"]) {
      const res = await fetchWorker(`https://${s.host}${path}`, { headers: editorAuth });
      expect([403, 404], path).toContain(res.status);
      if (res.status === 403) expect(((await res.json()) as Json).error, path).toBe("admin_only");
      else await res.arrayBuffer();
    }
    expect(normalisePath("/admin/Settings/_.data")).toBe("/admin/settings");
    expect(ADMIN_ONLY_PATHS.every((p) => isAdminOnly(`${p}/anything-added-later`))).toBe(true);
    expect(isAdminOnly("/admin/settingsx")).toBe(false);
  });

  it("existing accounts are admins (migration 0023), and the CLI's users too", async () => {
    const s = await makeAdminSession();
    const legacy = await makeUser(s.id, { username: "legacy" });
    const row = await env.DB.prepare("select role from users where id = ?").bind(legacy.id).first<Json>();
    expect(row?.role).toBe("admin");
  });
});

describe("roles and states: changes an admin makes", () => {
  it("disabling a colleague ends their open sessions at once; enabling lets them sign in again", async () => {
    const { s, editor, editorAuth } = await withEditor();
    const browser = await browserSignIn(s.host, "asha.menon", EDITOR_PASSWORD);
    expect((await adminGet(s.host, "/admin/archives", browser.cookie)).status).toBe(200);
    const res = await api(s, `/api/admin/users/${editor.id}`, { status: "disabled" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).status).toBe("disabled");
    expect((await api({ host: s.host, auth: editorAuth }, "/auth/verify-token/")).status).toBe(401);
    const page = await adminGet(s.host, "/admin/archives", browser.cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?expired=1&next=%2Fadmin%2Farchives");
    const sessions = await env.DB.prepare("select count(*) as n from staff_sessions where user_id = ?").bind(editor.id).first<Json>();
    expect(sessions?.n).toBe(0);
    expect(await (await jsonLogin(s.host, { username: "asha.menon", password: EDITOR_PASSWORD })).json()).toEqual({ error: "disabled" });
    expect((await api(s, `/api/admin/users/${editor.id}/reset`, {})).status, "no link for a disabled account").toBe(409);
    await api(s, `/api/admin/users/${editor.id}`, { status: "enabled" });
    expect((await jsonLogin(s.host, { username: "asha.menon", password: EDITOR_PASSWORD })).status).toBe(200);
    const statuses = (await historyOf(s.id)).filter((h) => h.action === "update" && h.record_id === String(editor.id)).map((h) => h.fields);
    expect(statuses).toEqual([{ status: { before: "enabled", after: "disabled" } }, { status: { before: "disabled", after: "enabled" } }]);
  });

  it("an admin cannot change their own role or status, and the journal keeps an enabled admin", async () => {
    const { s, editor } = await withEditor();
    const me = ((await (await api(s, "/auth/verify-token/")).json()) as Json).user;
    for (const body of [{ role: "editor" }, { status: "disabled" }]) {
      const res = await api(s, `/api/admin/users/${me.id}`, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: "cannot_change_self", message: STAFF_MESSAGES.self });
    }
    // Promote the editor, who then demotes the first admin: the journal still has one admin.
    expect(((await (await api(s, `/api/admin/users/${editor.id}`, { role: "admin" })).json()) as Json).role).toBe("admin");
    const asha = { host: s.host, auth: { authorization: `Bearer ${await loginToken(s.host, "asha.menon", EDITOR_PASSWORD)}` } };
    expect(((await (await api(asha, `/api/admin/users/${me.id}`, { role: "editor" })).json()) as Json).role).toBe("editor");
    // The first admin is an editor now: the staff API is closed to them at once.
    expect((await api(s, "/api/admin/users")).status).toBe(403);
    const other = await api(s, `/api/admin/users/${editor.id}`, { role: "editor" });
    expect(other.status).toBe(403);
    // Bad bodies and other journals' ids.
    expect((await api(asha, `/api/admin/users/${me.id}`, { role: "owner" })).status).toBe(400);
    expect((await api(asha, `/api/admin/users/${me.id}`, { role: "admin", status: "enabled" })).status).toBe(400);
    const stranger = await makeAdminSession();
    const theirs = ((await (await api(stranger, "/auth/verify-token/")).json()) as Json).user;
    expect((await api(asha, `/api/admin/users/${theirs.id}`, { status: "disabled" })).status).toBe(404);
    expect((await api(asha, `/api/admin/users/${theirs.id}/reset`, {})).status).toBe(404);
    expect((await api(stranger, "/auth/verify-token/")).status, "the other journal's admin is untouched").toBe(200);
  });
});
