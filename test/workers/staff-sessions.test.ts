import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { audienceFor, TOKEN_ISSUER } from "../../app/auth/tokens.server";
import { isCommonPassword, newPasswordProblem } from "../../app/lib/password-policy";
import { verifyPassword } from "../../app/lib/password.server";
import { PASSWORD_MESSAGES } from "../../app/schemas/messages";
import { loginToken, makeAdminSession, makeJournal, makeUser } from "../factories";
import { browserSignIn, cookieValue, fetchWorker, formLogin, jsonLogin, setCookies } from "./sign-in";

/**
 * Sign-in and sessions, on the server: sign-in endpoints that other sites
 * cannot use, device cookies against lock-outs, the password rules and the change-password
 * page, and sessions per browser (sign out here / everywhere, renewal within a maximum).
 */

const PASSWORD = "a long staff password";

describe("sign-in endpoints refuse other sites and other content types", () => {
  it("POST /auth/login/ from another origin or as text/plain sets no cookie", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "staff", password: PASSWORD });
    const body = { username: "staff", password: PASSWORD };
    const cases: [Record<string, string>, number, string][] = [
      [{ origin: "http://evil.example" }, 403, "cross_site"],
      [{ "sec-fetch-site": "cross-site" }, 403, "cross_site"],
      [{ "content-type": "text/plain;application/json" }, 415, "unsupported_media_type"],
      [{ "content-type": "text/plain;application/json", origin: "http://evil.example" }, 403, "cross_site"],
      [{ "content-type": "application/x-www-form-urlencoded" }, 415, "unsupported_media_type"],
      [{ "content-type": "application/json; boundary=x" }, 415, "unsupported_media_type"],
      [{ "content-type": "" }, 415, "unsupported_media_type"],
    ];
    for (const [headers, status, error] of cases) {
      const res = await jsonLogin(j.host, body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(status);
      expect(await res.json()).toEqual({ error });
      expect(res.headers.get("set-cookie"), JSON.stringify(headers)).toBeNull();
    }
    // This site's own page (or a client without browser headers) still signs in.
    const own: Record<string, string>[] = [{ origin: `https://${j.host}` }, { "sec-fetch-site": "same-origin" }, { "content-type": "application/json; charset=UTF-8" }, {}];
    for (const headers of own) {
      const res = await jsonLogin(j.host, body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(cookieValue(res, "journal_session")).toBeTruthy();
    }
  });

  it("POST /admin/login takes only its form's content type, and never from another site", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "staff", password: PASSWORD });
    const json = await fetchWorker(j.url("/admin/login"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: `https://${j.host}` },
      body: JSON.stringify({ username: "staff", password: PASSWORD }),
    });
    expect(json.status).toBe(415);
    expect(json.headers.get("set-cookie")).toBeNull();
    expect(await json.text()).toContain("Sign in with the form on this page.");
    const multipart = new FormData();
    multipart.set("username", "staff");
    multipart.set("password", PASSWORD);
    const mp = await fetchWorker(j.url("/admin/login"), { method: "POST", headers: { origin: `https://${j.host}` }, body: multipart });
    expect(mp.status).toBe(415);
    expect(mp.headers.get("set-cookie")).toBeNull();
    const cross = await formLogin(j.host, { username: "staff", password: PASSWORD }, { origin: "http://evil.example" });
    expect(cross.status).toBe(403);
    expect(cross.headers.get("set-cookie")).toBeNull();
    const ok = await formLogin(j.host, { username: "staff", password: PASSWORD });
    expect(ok.status).toBe(302);
  });
});

describe("device cookies: a stranger cannot lock the owner out", () => {
  it("ten failures from strangers lock the username, but not the browser that signed in before", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "owner", password: PASSWORD });
    const owner = await browserSignIn(j.host, "owner", PASSWORD);
    expect(owner.device).toBeTruthy();
    // A stranger (many IPs, so the per-IP limit does not stop them) fails ten times.
    for (let i = 0; i < 10; i++) {
      const res = await jsonLogin(j.host, { username: "owner", password: `wrong guess ${i}` }, { "cf-connecting-ip": `198.51.100.${i + 1}` });
      expect(res.status).toBe(401);
    }
    // Now the username is locked for anyone without the owner's device cookie, even with the right password…
    const locked = await jsonLogin(j.host, { username: "owner", password: PASSWORD }, { "cf-connecting-ip": "198.51.100.77" });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ error: "too_many_attempts" });
    // …but the owner's browser, carrying its device cookie, signs in (form and JSON alike).
    const form = await formLogin(j.host, { username: "owner", password: PASSWORD }, { cookie: `journal_device=${owner.device}` });
    expect(form.status).toBe(302);
    expect(cookieValue(form, "journal_session")).toBeTruthy();
    const api = await jsonLogin(j.host, { username: "owner", password: PASSWORD }, { cookie: `journal_device=${owner.device}`, "cf-connecting-ip": "198.51.100.78" });
    expect(api.status).toBe(200);
    // The owner signing in does not unlock the username for the stranger.
    const still = await jsonLogin(j.host, { username: "owner", password: "wrong again" }, { "cf-connecting-ip": "198.51.100.79" });
    expect(still.status).toBe(429);
  });

  it("a device cookie counts its own failures, helps only its own username and journal, and cannot be forged", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "owner", password: PASSWORD });
    await makeUser(j.id, { username: "other", password: PASSWORD });
    const { device } = await browserSignIn(j.host, "owner", PASSWORD);
    // Ten wrong passwords from the trusted browser lock that browser (from several IPs)…
    for (let i = 0; i < 10; i++) {
      const res = await jsonLogin(j.host, { username: "owner", password: `typo ${i}` }, { cookie: `journal_device=${device}`, "cf-connecting-ip": `192.0.2.${i + 1}` });
      expect(res.status).toBe(401);
    }
    const self = await jsonLogin(j.host, { username: "owner", password: PASSWORD }, { cookie: `journal_device=${device}`, "cf-connecting-ip": "192.0.2.99" });
    expect(self.status).toBe(429);
    // …but not the username for others.
    expect((await jsonLogin(j.host, { username: "owner", password: PASSWORD }, { "cf-connecting-ip": "192.0.2.100" })).status).toBe(200);
    // Another username or journal, or a tampered cookie, counts as no device cookie.
    for (let i = 0; i < 10; i++) {
      await jsonLogin(j.host, { username: "other", password: `guess ${i}` }, { "cf-connecting-ip": `192.0.2.${120 + i}` });
    }
    expect((await jsonLogin(j.host, { username: "other", password: PASSWORD }, { cookie: `journal_device=${device}`, "cf-connecting-ip": "192.0.2.140" })).status).toBe(429);
    const tampered = device.slice(0, -3) + (device.endsWith("AAA") ? "BBB" : "AAA");
    expect((await jsonLogin(j.host, { username: "other", password: PASSWORD }, { cookie: `journal_device=${tampered}`, "cf-connecting-ip": "192.0.2.141" })).status).toBe(429);
    const k = await makeJournal();
    await makeUser(k.id, { username: "owner", password: PASSWORD });
    for (let i = 0; i < 10; i++) await jsonLogin(k.host, { username: "owner", password: `guess ${i}` }, { "cf-connecting-ip": `192.0.2.${160 + i}` });
    expect((await jsonLogin(k.host, { username: "owner", password: PASSWORD }, { cookie: `journal_device=${device}`, "cf-connecting-ip": "192.0.2.180" })).status).toBe(429);
  });

  it("'Sign out everywhere', a password change, a set-password link and disabling the user revoke the device cookies issued before", async () => {
    const s = await makeAdminSession();
    const lockOut = async (user: string, from: number) => {
      for (let i = 0; i < 10; i++) await jsonLogin(s.host, { username: user, password: `stranger ${i}` }, { "cf-connecting-ip": `198.18.${from}.${i + 1}` });
    };
    const withDevice = (user: string, password: string, device: string, ip: string) =>
      jsonLogin(s.host, { username: user, password }, { cookie: `journal_device=${device}`, "cf-connecting-ip": ip });

    // Sign out everywhere: the old device cookie no longer gets past the username lock.
    await makeUser(s.id, { username: "owner", password: PASSWORD });
    const before = await browserSignIn(s.host, "owner", PASSWORD);
    const signedIn = await browserSignIn(s.host, "owner", PASSWORD);
    await lockOut("owner", 1);
    expect((await withDevice("owner", PASSWORD, before.device, "198.18.9.1")).status, "trusted before").toBe(200);
    const out = await fetchWorker(`https://${s.host}/admin/logout`, {
      method: "POST",
      headers: { cookie: signedIn.cookie, origin: `https://${s.host}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ scope: "all" }),
    });
    expect(out.status).toBe(302);
    const refused = await withDevice("owner", PASSWORD, before.device, "198.18.9.2");
    expect(refused.status, "the old device cookie counts for nothing after signing out everywhere").toBe(429);
    expect(await refused.json()).toEqual({ error: "too_many_attempts" });

    // A password change: the other browser's cookie stops counting; the changing browser gets a new one.
    await makeUser(s.id, { username: "changer", password: PASSWORD });
    const other = await browserSignIn(s.host, "changer", PASSWORD);
    const here = await browserSignIn(s.host, "changer", PASSWORD);
    const NEW = "a quiet lamp beside the river";
    const changed = await fetchWorker(`https://${s.host}/admin/account`, {
      method: "POST",
      headers: { cookie: here.cookie, origin: `https://${s.host}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ current: PASSWORD, password: NEW, confirm: NEW }),
    });
    expect(changed.status).toBe(200);
    const renewed = cookieValue(changed, "journal_device");
    expect(renewed, "the changing browser is trusted with the new epoch").toBeTruthy();
    await lockOut("changer", 2);
    expect((await withDevice("changer", NEW, other.device, "198.18.9.3")).status).toBe(429);
    expect((await withDevice("changer", NEW, here.device, "198.18.9.4")).status, "its own old cookie is stale too").toBe(429);
    expect((await withDevice("changer", NEW, renewed!, "198.18.9.5")).status).toBe(200);

    // A set-password link used, and disabling then enabling the user: both revoke.
    await makeUser(s.id, { username: "linked", password: PASSWORD });
    const linkedDevice = (await browserSignIn(s.host, "linked", PASSWORD)).device;
    const disabledDevice = (await browserSignIn(s.host, "linked", PASSWORD)).device;
    const staff = (await (await fetchWorker(`https://${s.host}/api/admin/users`, { headers: s.auth })).json()) as { id: number; username: string }[];
    const linked = staff.find((u) => u.username === "linked")!;
    const reset = (await (await fetchWorker(`https://${s.host}/api/admin/users/${linked.id}/reset`, { method: "POST", headers: s.auth })).json()) as { link: string };
    const token = reset.link.split("/").pop()!;
    const set = await fetchWorker(`https://${s.host}/admin/set-password/${token}`, {
      method: "POST",
      headers: { origin: `https://${s.host}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: NEW, confirm: NEW }),
    });
    expect(set.status).toBe(302);
    await lockOut("linked", 3);
    expect((await withDevice("linked", NEW, linkedDevice, "198.18.9.6")).status).toBe(429);
    const fresh = await browserSignIn(s.host, "linked", NEW, { cookie: `journal_device=${linkedDevice}`, "cf-connecting-ip": "198.18.9.7" }).catch(() => null);
    expect(fresh, "locked: a stale device cookie is no device cookie").toBeNull();
    for (const status of ["disabled", "enabled"]) {
      const res = await fetchWorker(`https://${s.host}/api/admin/users/${linked.id}`, {
        method: "POST",
        headers: { ...s.auth, "content-type": "application/json" },
        body: JSON.stringify({ status }),
      });
      expect(res.status).toBe(200);
    }
    expect((await withDevice("linked", NEW, disabledDevice, "198.18.9.8")).status).toBe(429);

    // Each of these is in the journal's history, written with the change.
    const { results } = await env.DB.prepare("select actor, action from history where journal_id = ? and action in ('sign_out_everywhere', 'password_change', 'password_reset_link', 'password_reset', 'sign_in_locked') order by id")
      .bind(s.id)
      .all<{ actor: string; action: string }>();
    expect(results.map((r) => `${r.actor} ${r.action}`)).toEqual([
      "owner sign_in_locked",
      "owner sign_out_everywhere",
      "changer password_change",
      "changer sign_in_locked",
      "staff password_reset_link",
      "linked password_reset",
      "linked sign_in_locked",
    ]);
  });

  it("keeps the per-IP limit for trusted browsers too", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "owner", password: PASSWORD });
    const { device } = await browserSignIn(j.host, "owner", PASSWORD);
    for (let i = 0; i < 10; i++) await jsonLogin(j.host, { username: `someone${i}`, password: "x" }, { "cf-connecting-ip": "192.0.2.200" });
    const res = await jsonLogin(j.host, { username: "owner", password: PASSWORD }, { cookie: `journal_device=${device}`, "cf-connecting-ip": "192.0.2.200" });
    expect(res.status).toBe(429);
  });
});

describe("password rules", () => {
  it("refuses the most common passwords, the username and the journal's slug", async () => {
    for (const common of ["password12", "1234567890", "qwertyuiop", "iloveyou12", "Password12", "football12", "070162"]) {
      expect(await isCommonPassword(common), common).toBe(true);
    }
    expect(await newPasswordProblem("password12")).toBe(PASSWORD_MESSAGES.common);
    expect(await newPasswordProblem("short")).toBe("Choose a password of at least 10 characters.");
    expect(await newPasswordProblem("xx-Asha.Menon-2026", { username: "asha.menon" })).toBe(PASSWORD_MESSAGES.containsUsername);
    expect(await newPasswordProblem("my ijarcs journal key", { username: "ed", journalSlug: "ijarcs" })).toBe(PASSWORD_MESSAGES.containsJournal);
    expect(await newPasswordProblem("a quiet lamp beside the river", { username: "staff", journalSlug: "ijarcs" })).toBeNull();
  });

  it("judges a password as people see it: spaces, full-width, invisible and look-alike characters change nothing", async () => {
    const tooShort = await newPasswordProblem("password1");
    expect(tooShort).toBe("Choose a password of at least 10 characters.");
    // Ten characters or more as typed, but `password1` as read: refused like it.
    for (const p of ["password1 ", " password1", "ｐａｓｓｗｏｒｄ１", "pass\u200bword1", "pass\u00adword1\u200d", "раѕѕword1", "ΡΑSSWΟRD1\ufeff", "PASSWORD1\u2060"]) {
      expect(await newPasswordProblem(p), JSON.stringify(p)).toBe(tooShort);
    }
    // Long enough, and on the list once read: refused as common.
    for (const p of ["password123 ", "ｐａｓｓｗｏｒｄ１２３", "pass\u200bword123", "раѕѕwоrd123", "ΡΑSSWΟRD123", "\u3000qwertyuiop\u3000", "ｑｗｅｒｔｙｕｉｏｐ"]) {
      expect(await newPasswordProblem(p), JSON.stringify(p)).toBe(PASSWORD_MESSAGES.common);
    }
    // The username and the slug, disguised the same ways.
    expect(await newPasswordProblem("ＡＳＨＡ.ＭＥＮＯＮ and a river", { username: "asha.menon" })).toBe(PASSWORD_MESSAGES.containsUsername);
    expect(await newPasswordProblem("my ij\u200barcs journal key", { journalSlug: "ijarcs" })).toBe(PASSWORD_MESSAGES.containsJournal);
    // Real passphrases in other scripts stay acceptable.
    expect(await newPasswordProblem("नदी के किनारे शांत दीपक")).toBeNull();
    expect(await newPasswordProblem("тихая лампа у реки")).toBeNull();
  });
});

describe("change password and sessions per browser", () => {
  const change = (host: string, cookie: string, fields: Record<string, string>) =>
    fetchWorker(`https://${host}/admin/account`, {
      method: "POST",
      headers: { cookie, origin: `https://${host}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("needs the current password and the rules; a change keeps this browser and signs out the others", async () => {
    const s = await makeAdminSession();
    const here = await browserSignIn(s.host, "staff", PASSWORD);
    const other = await browserSignIn(s.host, "staff", PASSWORD);
    const refused: [Record<string, string>, string][] = [
      [{ current: "not my password", password: "a quiet lamp beside the river", confirm: "a quiet lamp beside the river" }, PASSWORD_MESSAGES.wrongCurrent],
      [{ current: PASSWORD, password: "password12", confirm: "password12" }, PASSWORD_MESSAGES.common],
      [{ current: PASSWORD, password: "staff and more words", confirm: "staff and more words" }, PASSWORD_MESSAGES.containsUsername],
      [{ current: PASSWORD, password: `${s.slug} lamp river`, confirm: `${s.slug} lamp river` }, PASSWORD_MESSAGES.containsJournal],
      [{ current: PASSWORD, password: "a quiet lamp beside the river", confirm: "a quiet lamp beside the rivers" }, PASSWORD_MESSAGES.mismatch],
      [{ current: PASSWORD, password: PASSWORD, confirm: PASSWORD }, PASSWORD_MESSAGES.sameAsCurrent],
    ];
    for (const [fields, message] of refused) {
      const res = await change(s.host, here.cookie, fields);
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message.replace(/'/g, "&#x27;"));
    }
    // Nothing changed so far: every session works, the old password too.
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: s.auth })).status).toBe(200);

    const ok = await change(s.host, here.cookie, { current: PASSWORD, password: "a quiet lamp beside the river", confirm: "a quiet lamp beside the river" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(PASSWORD_MESSAGES.changed);
    const renewed = cookieValue(ok, "journal_session");
    expect(renewed).toBeTruthy();
    // This browser continues with its new cookie; the other browser and the API token are signed out.
    expect((await fetchWorker(s.url("/admin/settings"), { headers: { cookie: `journal_session=${renewed}` } })).status).toBe(200);
    expect((await fetchWorker(s.url("/admin/settings"), { headers: { cookie: other.cookie } })).status).toBe(302);
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: s.auth })).status).toBe(401);
    const [row] = await env.DB.prepare("select password_hash from users where journal_id = ? and username = 'staff'").bind(s.id).raw();
    expect(await verifyPassword("a quiet lamp beside the river", String(row[0]))).toBe(true);
    expect((await jsonLogin(s.host, { username: "staff", password: PASSWORD })).status).toBe(401);
  });

  it("guessing the current password is throttled like a sign-in, without locking the username", async () => {
    const s = await makeAdminSession();
    const here = await browserSignIn(s.host, "staff", PASSWORD);
    const fields = (current: string) => ({ current, password: "a quiet lamp beside the river", confirm: "a quiet lamp beside the river" });
    for (let i = 0; i < 10; i++) expect((await change(s.host, here.cookie, fields(`guess ${i}`))).status).toBe(400);
    const locked = await change(s.host, here.cookie, fields(PASSWORD));
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
    // The username is not locked for signing in (from another address).
    expect((await jsonLogin(s.host, { username: "staff", password: PASSWORD }, { "cf-connecting-ip": "203.0.113.99" })).status).toBe(200);
  });

  it("signing out in one browser leaves the others signed in; 'Sign out everywhere' ends them all", async () => {
    const s = await makeAdminSession();
    const a = await browserSignIn(s.host, "staff", PASSWORD);
    const b = await browserSignIn(s.host, "staff", PASSWORD);
    const out = await fetchWorker(s.url("/admin/logout"), { method: "POST", headers: { cookie: a.cookie, origin: `https://${s.host}` } });
    expect(out.headers.get("location")).toBe("/admin/login?signed_out=1");
    expect(setCookies(out).join("\n")).toMatch(/journal_signed_in=;.*Max-Age=0/);
    expect((await fetchWorker(s.url("/admin"), { headers: { cookie: a.cookie } })).status).toBe(302);
    expect((await fetchWorker(s.url("/admin"), { headers: { cookie: b.cookie } })).status).toBe(200);
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: s.auth })).status).toBe(200);

    const all = await fetchWorker(s.url("/admin/logout"), {
      method: "POST",
      headers: { cookie: b.cookie, origin: `https://${s.host}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ scope: "all" }),
    });
    expect(all.headers.get("location")).toBe("/admin/login?signed_out=all");
    expect(await (await fetchWorker(s.url("/admin/login?signed_out=all"))).text()).toContain("You have been signed out on every device.");
    expect((await fetchWorker(s.url("/admin"), { headers: { cookie: b.cookie } })).status).toBe(302);
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: s.auth })).status).toBe(401);
  });

  it("the API signs out the calling session only, or everywhere with /auth/logout-all/", async () => {
    const s = await makeAdminSession();
    const second = await loginToken(s.host, "staff", PASSWORD);
    expect((await fetchWorker(s.url("/auth/logout/"), { method: "POST", headers: s.auth })).status).toBe(200);
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: s.auth })).status).toBe(401);
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: { authorization: `Bearer ${second}` } })).status).toBe(200);
    const third = await loginToken(s.host, "staff", PASSWORD);
    expect((await fetchWorker(s.url("/auth/logout-all/"), { method: "POST", headers: { authorization: `Bearer ${third}` } })).status).toBe(200);
    for (const token of [second, third]) {
      expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    }
  });
});

describe("tokens renew while in use, within an absolute maximum", () => {
  async function tokenFor(journalId: number, userId: number, sid: string, iatAgo: number, expIn: number, epoch = 0) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ep: epoch, sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(audienceFor(journalId))
      .setSubject(String(userId))
      .setIssuedAt(now - iatAgo)
      .setExpirationTime(now + expIn)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
  }
  const sidOf = (token: string) => JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid as string;

  it("a token in use for more than 15 minutes comes back renewed for the full lifetime; a fresh one does not", async () => {
    const s = await makeAdminSession();
    const { session } = await browserSignIn(s.host, "staff", PASSWORD);
    const sid = sidOf(session);
    const fresh = await fetchWorker(s.url("/admin"), { headers: { cookie: `journal_session=${session}` } });
    expect(fresh.status).toBe(200);
    expect(cookieValue(fresh, "journal_session")).toBeNull();
    const old = await tokenFor(s.id, s.user.id, sid, 3 * 3600, 9 * 3600, s.user.sessionEpoch);
    const page = await fetchWorker(s.url("/admin/archives"), { headers: { cookie: `journal_session=${old}` } });
    expect(page.status).toBe(200);
    const renewed = cookieValue(page, "journal_session")!;
    expect(setCookies(page).join("\n")).toMatch(/journal_session=[^;]+; Max-Age=43200;/);
    expect(sidOf(renewed)).toBe(sid);
    // The API renews cookie sessions the same way, never bearer tokens.
    const api = await fetchWorker(s.url("/auth/verify-token/"), { headers: { cookie: `journal_session=${old}` } });
    expect(cookieValue(api, "journal_session")).toBeTruthy();
    const bearer = await fetchWorker(s.url("/auth/verify-token/"), { headers: { authorization: `Bearer ${old}` } });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get("set-cookie")).toBeNull();
  });

  it("never renews past the session's absolute end, and a session past it is over", async () => {
    const s = await makeAdminSession();
    const { session } = await browserSignIn(s.host, "staff", PASSWORD);
    const sid = sidOf(session);
    // Near the end of the 7 days: the renewed token and cookie stop at the end.
    await env.DB.prepare("update staff_sessions set expires_at = ? where id = ?").bind(Date.now() + 3600 * 1000, sid).run();
    const old = await tokenFor(s.id, s.user.id, sid, 3 * 3600, 1800, s.user.sessionEpoch);
    const page = await fetchWorker(s.url("/admin"), { headers: { cookie: `journal_session=${old}` } });
    expect(page.status).toBe(200);
    const maxAge = Number(/journal_session=[^;]+; Max-Age=(\d+)/.exec(setCookies(page).join("\n"))![1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    // Past the end: the session is over, however fresh its token.
    await env.DB.prepare("update staff_sessions set expires_at = ? where id = ?").bind(Date.now() - 1000, sid).run();
    const over = await fetchWorker(s.url("/admin"), { headers: { cookie: `journal_session=${session}` } });
    expect(over.status).toBe(302);
    expect(over.headers.get("location")).toBe("/admin/login?expired=1");
  });

  it("a token without a session row (older sign-ins, forged sids) is no session", async () => {
    const s = await makeAdminSession();
    const forged = await tokenFor(s.id, s.user.id, "AAAAAAAAAAAAAAAAAAAAAA", 0, 3600, s.user.sessionEpoch);
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
  });
});
