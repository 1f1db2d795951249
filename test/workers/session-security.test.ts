import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { upsertUser } from "../../app/models/users.server";
import { audienceFor, signToken, TOKEN_ISSUER } from "../../app/auth/tokens.server";
import { certificateCode } from "../../app/documents/verification.server";
import { MissingSecretError } from "../../app/lib/secrets";
import { db, fetchWorker as rawFetch, makeAdminSession, makeJournal, makeUser } from "../factories";

/** Sessions end when they should, cookies are safe in transit, and nobody outside can flush caches. */

const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.30" },
  body: new URLSearchParams(fields),
});

async function expiredToken(journalId: number, userId: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ep: 0 })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audienceFor(journalId))
    .setSubject(String(userId))
    .setIssuedAt(now - 13 * 3600)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(env.JWT_SECRET));
}

describe("session lifetime", () => {
  it("the cookie lives as long as its token; a marker cookie tells a lapsed session from a first visit", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "ed", password: "a long enough password" });
    const res = await fetchWorker(j.url("/admin/login"), form({ username: "ed", password: "a long enough password" }));
    const cookie = res.headers.get("set-cookie") ?? "";
    // TOKEN_TTL_HOURS is 12 (wrangler.toml): cookie and token both last 12 h (renewed while in use).
    expect(cookie).toMatch(/journal_session=[^;]+; Max-Age=43200;/);
    expect(Number(JSON.parse(atob(/journal_session=[^.]+\.([^.]+)\./.exec(cookie)![1].replace(/-/g, "+").replace(/_/g, "/"))).exp - Date.now() / 1000)).toBeLessThanOrEqual(12 * 3600);
    expect(cookie).toContain(`journal_signed_in=1; Max-Age=${7 * 24 * 3600}; Path=/admin; HttpOnly`);
    // The session cookie gone with its token, the marker still says this browser was signed in.
    const lapsed = await fetchWorker(j.url("/admin/archives"), { headers: { cookie: "journal_signed_in=1" } });
    expect(lapsed.headers.get("location")).toBe("/admin/login?expired=1&next=%2Fadmin%2Farchives");
    expect(lapsed.headers.get("set-cookie")).toMatch(/journal_signed_in=;.*Max-Age=0/);
  });

  it("a naturally expired token sends the page to login with the expired alert, and a form post back to its page", async () => {
    const s = await makeAdminSession();
    const cookie = `journal_session=${await expiredToken(s.id, s.user.id)}`;
    const page = await fetchWorker(s.url("/admin/settings"), { headers: { cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?expired=1&next=%2Fadmin%2Fsettings");
    expect(page.headers.get("set-cookie")).toMatch(/^journal_session=;.*Max-Age=0/);
    // A save that arrives after expiry: signing in again returns to the form, not the dashboard.
    const save = await fetchWorker(s.url("/admin/settings"), {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: `https://${s.host}` },
      body: new URLSearchParams({ websitename: "Late save" }),
    });
    expect(save.status).toBe(302);
    expect(save.headers.get("location")).toBe("/admin/login?expired=1&next=%2Fadmin%2Fsettings");
  });

  it("signing out ends this browser's session: the token stops working even as a bearer token", async () => {
    const s = await makeAdminSession();
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: s.auth })).status).toBe(200);
    const out = await fetchWorker(s.url("/admin/logout"), {
      method: "POST",
      headers: { cookie: `journal_session=${s.token}`, origin: `https://${s.host}` },
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/admin/login?signed_out=1");
    // The same token, used as a bearer token from another client, no longer works.
    const after = await fetchWorker(s.url("/auth/verify-token/"), { headers: s.auth });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "unauthorized" });
  });

  it("POST /auth/logout/ ends the calling session through the API", async () => {
    const s = await makeAdminSession();
    const out = await fetchWorker(s.url("/auth/logout/"), { method: "POST", headers: s.auth });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^journal_session=;.*Max-Age=0/);
    expect((await fetchWorker(s.url("/api/admin/"), { headers: s.auth })).status).toBe(401);
  });

  it("a password reset revokes the sessions of the old password", async () => {
    const s = await makeAdminSession();
    await upsertUser(db(), s.id, { username: "staff", password: "a brand new staff password" });
    expect((await fetchWorker(s.url("/api/admin/"), { headers: s.auth })).status).toBe(401);
  });
});

describe("cookies in transit", () => {
  it("marks the session cookie Secure over https and not over plain http (local development)", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "ed", password: "a long enough password" });
    const secure = await fetchWorker(j.url("/admin/login"), form({ username: "ed", password: "a long enough password" }));
    expect(secure.headers.get("set-cookie")).toMatch(/; Secure(;|$)/);
    const plain = await fetchWorker(j.url("/admin/login").replace(/^https:/, "http:"), form({ username: "ed", password: "a long enough password" }));
    expect(plain.status).toBe(302);
    expect(plain.headers.get("set-cookie")).not.toContain("Secure");
  });

  it("refuses to sign tokens with the example file's placeholder secret", async () => {
    await expect(signToken({ JWT_SECRET: "replace-with-at-least-32-random-characters" }, 1, 1)).rejects.toBeInstanceOf(MissingSecretError);
  });

  it("refuses the placeholder for certificate codes too: one rule for every signing secret", async () => {
    await expect(certificateCode("replace-with-at-least-32-random-characters", 1, "48213", 1, "Asha Rao")).rejects.toBeInstanceOf(MissingSecretError);
    await expect(certificateCode("0123456789abcdef0123456789abcdef", 1, "48213", 1, "Asha Rao")).resolves.toMatch(/^48213-1-[0-9A-Z]{10}$/);
  });
});

describe("sign-in throttling", () => {
  it("a parallel burst of 16 wrong passwords gets at most 10 tries before 429", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "target", password: "the real long password" });
    const burst = await Promise.all(
      Array.from({ length: 16 }, () =>
        rawFetch(j.url("/auth/login/"), {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.99" },
          body: JSON.stringify({ username: "target", password: "a wrong guess" }),
        }).then((r) => r.status),
      ),
    );
    expect(burst.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(burst.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
    expect(burst.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it("the admin login shows 'Something went wrong' with the reason when throttled", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "target", password: "the real long password" });
    for (let i = 0; i < 10; i++) await fetchWorker(j.url("/admin/login"), form({ username: "target", password: `wrong ${i}` }));
    const res = await fetchWorker(j.url("/admin/login"), form({ username: "target", password: "the real long password" }));
    expect(res.status).toBe(429);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*?Something went wrong[\s\S]*?Too many failed sign-in attempts\. Please wait 15 minutes and try again\./);
  });
});

describe("edge cache invalidation", () => {
  it("an anonymous POST to an admin page neither flushes the journal's cache nor writes", async () => {
    const j = await makeJournal();
    await (await rawFetch(j.url("/"))).text();
    await new Promise((r) => setTimeout(r, 30));
    expect((await rawFetch(j.url("/"))).headers.get("x-edge-cache")).toBe("HIT");
    const before = await env.DB.prepare("SELECT version FROM journals WHERE id = ?").bind(j.id).first<{ version: number }>();
    for (const path of ["/admin/settings", "/admin/logout", "/admin/archives", "/api/settings"]) {
      const res = await fetchWorker(j.url(path), { method: "POST", body: "websitename=Defaced", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(res.status, path).toBeLessThan(500);
    }
    const after = await env.DB.prepare("SELECT version FROM journals WHERE id = ?").bind(j.id).first<{ version: number }>();
    expect(after?.version).toBe(before?.version);
    expect((await rawFetch(j.url("/"))).headers.get("x-edge-cache")).toBe("HIT");
  });
});

describe("cross-site form posts", () => {
  it("every admin form route answers a foreign Origin with 403 before it runs", async () => {
    const s = await makeAdminSession();
    const cookie = `journal_session=${s.token}`;
    for (const path of [
      "/admin/login",
      "/admin/logout",
      "/admin/archives",
      "/admin/archives/add/2025/1/1",
      "/admin/archives/1",
      "/admin/editors",
      "/admin/editors/add",
      "/admin/editors/1",
      "/admin/settings",
      "/admin/archives/2025/1/1",
    ]) {
      const res = await fetchWorker(s.url(path), {
        method: "POST",
        headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
        body: "websitename=Defaced",
      });
      expect(res.status, path).toBe(403);
    }
    const settings = await (await fetchWorker(s.url("/api/settings/"), { headers: s.auth })).json<{ websitename: string }>();
    expect(settings.websitename).not.toBe("Defaced");
  });
});

describe("malformed cookies", () => {
  it("a session cookie with broken percent-encoding is no session: sign-in page, 401, never a 500", async () => {
    const { fetchWorker, makeJournal } = await import("../factories");
    const j = await makeJournal();
    for (const cookie of ["journal_session=%E0%A4%A", "journal_session=%", 'journal_session="unterminated', "journal_session=a;b=%ZZ", "=;;;journal_session", "journal_flash=%E0%A4%A; journal_session=%E0"]) {
      const page = await fetchWorker(j.url("/admin"), { headers: { cookie }, redirect: "manual" });
      expect(page.status, cookie).toBe(302);
      expect(page.headers.get("location"), cookie).toMatch(/^\/admin\/login/);
      const api = await fetchWorker(j.url("/api/admin/"), { headers: { cookie } });
      expect(api.status, cookie).toBe(401);
      expect(await api.json()).toEqual({ error: "unauthorized" });
      const login = await fetchWorker(j.url("/admin/login"), { headers: { cookie } });
      expect(login.status, cookie).toBe(200);
    }
  });
});
