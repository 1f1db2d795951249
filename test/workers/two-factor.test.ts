import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, cleanRecoveryCode, hotp, matchTotp, newRecoveryCodes, otpauthUri, totpCode, type TotpAlgorithm } from "../../app/lib/totp";
import { LOGIN_DETAIL, STAFF_MESSAGES, TWO_FACTOR_MESSAGES } from "../../app/schemas/messages";
import { makeAdminSession, makeUser } from "../factories";
import { appCode, decodeBase32, oracleTotp } from "../totp-oracle";
import { adminGet, adminPost, browserSignIn, cookieValue, fetchWorker, formLogin, jsonLogin } from "./sign-in";

/**
 * Two-factor sign-in (docs/decisions/025-two-factor.md): TOTP against RFC 6238's own test
 * vectors, set up on the Account page with a first code and ten recovery codes, required at
 * the sign-in page and /auth/login/, no code accepted twice, a recovery code once, and the
 * journal-wide requirement.
 */

type Json = Record<string, any>;
const PASSWORD = "a long staff password";

// RFC 6238 Appendix B: the seeds are the ASCII strings below, 8 digits, 30-second steps.
const SEEDS: Record<TotpAlgorithm, string> = {
  "SHA-1": "12345678901234567890",
  "SHA-256": "12345678901234567890123456789012",
  "SHA-512": "1234567890123456789012345678901234567890123456789012345678901234",
};
const APPENDIX_B: [number, string, TotpAlgorithm][] = [
  [59, "94287082", "SHA-1"],
  [59, "46119246", "SHA-256"],
  [59, "90693936", "SHA-512"],
  [1111111109, "07081804", "SHA-1"],
  [1111111109, "68084774", "SHA-256"],
  [1111111109, "25091201", "SHA-512"],
  [1111111111, "14050471", "SHA-1"],
  [1111111111, "67062674", "SHA-256"],
  [1111111111, "99943326", "SHA-512"],
  [1234567890, "89005924", "SHA-1"],
  [1234567890, "91819424", "SHA-256"],
  [1234567890, "93441116", "SHA-512"],
  [2000000000, "69279037", "SHA-1"],
  [2000000000, "90698825", "SHA-256"],
  [2000000000, "38618901", "SHA-512"],
  [20000000000, "65353130", "SHA-1"],
  [20000000000, "77737706", "SHA-256"],
  [20000000000, "47863826", "SHA-512"],
];
// RFC 4226 Appendix D: HOTP values of the SHA-1 seed for counters 0…9.
const APPENDIX_D = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];

describe("TOTP is RFC 6238's", () => {
  it("gives every value of RFC 6238 Appendix B (SHA-1, SHA-256, SHA-512) and RFC 4226 Appendix D", async () => {
    for (const [seconds, expected, algorithm] of APPENDIX_B) {
      const key = new TextEncoder().encode(SEEDS[algorithm]);
      expect(await totpCode(key, seconds, { digits: 8, algorithm }), `${algorithm} at ${seconds}`).toBe(expected);
      // The tests' own TOTP (node:crypto) agrees with the RFC too, so the codes it computes below are a phone's.
      const hash = algorithm.replace("-", "").toLowerCase() as "sha1" | "sha256" | "sha512";
      expect(oracleTotp(key, seconds, 8, hash), `oracle ${algorithm} at ${seconds}`).toBe(expected);
    }
    const key = new TextEncoder().encode(SEEDS["SHA-1"]);
    for (const [counter, expected] of APPENDIX_D.entries()) expect(await hotp(key, counter)).toBe(expected);
  });

  it("reads and writes base32 as apps do, and names the account in the otpauth URI", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect([...base32Decode(text)!]).toEqual([...bytes]);
    expect([...decodeBase32(text)]).toEqual([...bytes]);
    expect(base32Encode(new TextEncoder().encode("foobar"))).toBe("MZXW6YTBOI"); // RFC 4648 §10
    expect(base32Decode("not base32!")).toBeNull();
    expect(otpauthUri("JBSWY3DPEHPK3PXP", "Journal of Rice & Wheat", "asha.menon")).toBe(
      "otpauth://totp/Journal%20of%20Rice%20%26%20Wheat:asha.menon?secret=JBSWY3DPEHPK3PXP&issuer=Journal%20of%20Rice%20%26%20Wheat",
    );
  });

  it("accepts the current step and one either side, never a step at or before the last one used", async () => {
    const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    const at = (s: number) => appCode(secret, s * 30_000);
    expect(await matchTotp(secret, at(step), now, 0)).toBe(step);
    expect(await matchTotp(secret, at(step - 1), now, 0)).toBe(step - 1);
    expect(await matchTotp(secret, at(step + 1), now, 0)).toBe(step + 1);
    expect(await matchTotp(secret, at(step - 2), now, 0)).toBeNull();
    expect(await matchTotp(secret, at(step + 2), now, 0)).toBeNull();
    expect(await matchTotp(secret, at(step), now, step), "used already").toBeNull();
    expect(await matchTotp(secret, at(step - 1), now, step), "older than the last used").toBeNull();
    expect(await matchTotp(secret, ` ${at(step).slice(0, 3)} ${at(step).slice(3)} `, now, 0), "spaces as apps show them").toBe(step);
    expect(await matchTotp(secret, "12345", now, 0)).toBeNull();
  });

  it("makes ten distinct 80-bit recovery codes, read back whatever the case, spacing or I/L/O", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(cleanRecoveryCode(` ${codes[0].toUpperCase().replace(/-/g, " ")} `)).toBe(codes[0].replace(/-/g, ""));
    expect(cleanRecoveryCode("0123-4567-89ab-cdef".replace(/0/g, "O").replace(/1/g, "l"))).toBe("0123456789abcdef");
    expect(cleanRecoveryCode("123456")).toBeNull();
  });
});

/** Sets two-factor sign-in up on the Account page as a person does: the key shown as text, then a first code. */
async function enable(host: string, cookie: string) {
  expect((await adminPost(host, "/admin/account", cookie, { intent: "totp-start" })).status).toBe(200);
  const page = await (await adminGet(host, "/admin/account", cookie)).text();
  const secret = /id="totp-secret">([A-Z2-7 ]+)</.exec(page)![1].replace(/ /g, "");
  expect(page).toMatch(/<svg class="totp-qr"[^>]*role="img"/);
  const wrong = await adminPost(host, "/admin/account", cookie, { intent: "totp-confirm", code: "000000" === appCode(secret) ? "111111" : "000000" });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain(TWO_FACTOR_MESSAGES.invalidCode.replace(/'/g, "&#x27;"));
  const ok = await adminPost(host, "/admin/account", cookie, { intent: "totp-confirm", code: appCode(secret) });
  expect(ok.status).toBe(200);
  const html = await ok.text();
  const codes = [...html.matchAll(/<li><code>([0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4})<\/code><\/li>/g)].map((m) => m[1]);
  expect(codes).toHaveLength(10);
  expect(html).toContain(TWO_FACTOR_MESSAGES.enabled);
  return { secret, codes };
}

async function historyActions(journalId: number, userId: number) {
  const { results } = await env.DB.prepare("select action, fields from history where journal_id = ? and record_type = 'user' and record_id = ? order by id").bind(journalId, String(userId)).all<Json>();
  return results.map((r) => [r.action, JSON.parse(r.fields)]);
}

describe("two-factor sign-in for a staff user", () => {
  it("set up on the Account page; the secret is stored, the recovery codes only as hashes", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    const { secret, codes } = await enable(s.host, cookie);
    const row = await env.DB.prepare("select totp_secret, totp_pending, totp_last_step from users where id = ?").bind(s.user.id).first<Json>();
    expect(row?.totp_secret).toBe(secret);
    expect(row?.totp_pending).toBe("");
    const stored = await env.DB.prepare("select code_hash, used_at from staff_recovery_codes where user_id = ?").bind(s.user.id).all<Json>();
    expect(stored.results).toHaveLength(10);
    const dump = JSON.stringify(stored.results);
    for (const c of codes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace(/-/g, ""));
    }
    // The page no longer shows the secret, only the state; the API never returns it.
    const page = await (await adminGet(s.host, "/admin/account", cookie)).text();
    expect(page).not.toContain(secret);
    expect(page).toContain("10 recovery codes are");
    const verify = (await (await jsonLogin(s.host, { username: "staff", password: PASSWORD, code: appCode(secret, Date.now() + 30_000) })).json()) as Json;
    expect(verify.user.twoFactor).toBe(true);
    expect(JSON.stringify(verify)).not.toContain(secret);
  });

  it("/auth/login/: no sign-in without a valid code; an app code once; a recovery code once", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    const { secret, codes } = await enable(s.host, cookie);
    const login = (body: Json, ip = "203.0.113.60") => jsonLogin(s.host, { username: "staff", password: PASSWORD, ...body }, { "cf-connecting-ip": ip });

    const missing = await login({});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: "two_factor_required", message: TWO_FACTOR_MESSAGES.codeNeeded });
    expect(missing.headers.get("set-cookie")).toBeNull();
    for (const code of ["000000", "12345", "abcdefgh", appCode(secret, Date.now() - 120_000)]) {
      const res = await login({ code });
      expect(res.status, code).toBe(401);
      expect(await res.json()).toEqual({ error: "invalid_code", message: TWO_FACTOR_MESSAGES.invalidCode });
    }
    // The wrong password with a right code is still the wrong password.
    expect(await (await jsonLogin(s.host, { username: "staff", password: "not it at all", code: appCode(secret, Date.now() + 30_000) })).json()).toEqual({ error: "invalid_credentials" });

    // The next step's code (the one-step window) signs in once; again it is refused, as is the older one.
    const next = appCode(secret, Date.now() + 30_000);
    const ok = await login({ code: next });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).token).toBeTruthy();
    const replay = await login({ code: next });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as Json).error).toBe("invalid_code");
    expect(((await (await login({ code: appCode(secret) })).json()) as Json).error, "an older step than the last used").toBe("invalid_code");

    // A recovery code: once, typed any way; the answer says how many are left.
    const rec = await login({ code: codes[3].toUpperCase().replace(/-/g, " ") });
    expect(rec.status).toBe(200);
    expect(((await rec.json()) as Json).recovery_codes_left).toBe(9);
    const again = await login({ code: codes[3] });
    expect(again.status).toBe(401);
    expect(((await again.json()) as Json).error).toBe("invalid_code");

    const events = (await historyActions(s.id, s.user.id)).map(([a, f]) => `${a}${f.second_factor ? `:${f.second_factor.after}` : ""}${f.reason ? `:${f.reason.after}` : ""}`);
    expect(events.filter((e) => e !== "sign_in_failed:password")).toEqual([
      "sign_in", // makeAdminSession's token
      "sign_in",
      "two_factor_enabled",
      ...Array(4).fill("sign_in_failed:code"),
      "sign_in:app code",
      "sign_in_failed:code",
      "sign_in_failed:code",
      "recovery_code_used",
      "sign_in:recovery code",
      "sign_in_failed:code",
    ]);
  });

  it("the sign-in page: password, then the code step (carrying no password); a code twice is refused", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    const { secret, codes } = await enable(s.host, cookie);
    const first = await formLogin(s.host, { username: "staff", password: PASSWORD, next: "/admin/editors" });
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    const html = await first.text();
    expect(html).toContain("Authentication code");
    expect(html).not.toContain(PASSWORD);
    const secondStep = /name="second_step" value="([^"]+)"/.exec(html)![1];
    const code = (value: string, step = secondStep) => formLogin(s.host, { intent: "code", username: "staff", second_step: step, code: value, next: "/admin/editors" });

    const wrong = await code("000000" === appCode(secret) ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("Something went wrong");
    expect(wrongHtml).toContain(LOGIN_DETAIL.invalid_code.replace(/'/g, "&#x27;"));
    expect(wrongHtml, "the step stays, to try again").toContain(`value="${secondStep}"`);
    // A forged or foreign step token: start again.
    const forged = await code(appCode(secret), secondStep.slice(0, -4) + "AAAA");
    expect(forged.status).toBe(401);
    expect(await forged.text()).toContain(LOGIN_DETAIL.second_step_expired);

    const good = appCode(secret, Date.now() + 30_000);
    const signedIn = await code(good);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin/editors");
    expect(cookieValue(signedIn, "journal_session")).toBeTruthy();
    expect(cookieValue(signedIn, "journal_device")).toBeTruthy();
    const replayed = await code(good);
    expect(replayed.status).toBe(401);
    // A recovery code at the page: signed in, with a notice of how many are left (a flash for the next page).
    const rec = await code(codes[0]);
    expect(rec.status).toBe(302);
    const dashboard = await (await adminGet(s.host, "/admin/editors", `journal_session=${cookieValue(rec, "journal_session")}; admin_flash=${cookieValue(rec, "admin_flash")}`)).text();
    expect(dashboard).toContain(TWO_FACTOR_MESSAGES.recoveryUsed(9));
    // After signing out everywhere, the step token of before is no good.
    await adminPost(s.host, "/admin/logout", `journal_session=${cookieValue(rec, "journal_session")}`, { scope: "all" });
    expect((await code(appCode(secret, Date.now() + 30_000))).status).toBe(401);
  });

  it("wrong codes count against the lock like wrong passwords", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    const { secret } = await enable(s.host, cookie);
    for (let i = 0; i < 10; i++) {
      const res = await jsonLogin(s.host, { username: "staff", password: PASSWORD, code: String(100000 + i) }, { "cf-connecting-ip": `198.51.100.${i + 1}` });
      expect(res.status).toBe(401);
    }
    const locked = await jsonLogin(s.host, { username: "staff", password: PASSWORD, code: appCode(secret, Date.now() + 30_000) }, { "cf-connecting-ip": "198.51.100.99" });
    expect(locked.status).toBe(429);
    const actions = (await historyActions(s.id, s.user.id)).map(([a]) => a);
    expect(actions.filter((a) => a === "sign_in_locked")).toHaveLength(1);
  });

  it("turning it off needs the current password; new recovery codes replace the old ones", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    const { codes } = await enable(s.host, cookie);
    const renew = await adminPost(s.host, "/admin/account", cookie, { intent: "recovery-renew", current: PASSWORD });
    expect(renew.status).toBe(200);
    const fresh = [...(await renew.text()).matchAll(/<li><code>([0-9a-z-]{19})<\/code><\/li>/g)].map((m) => m[1]);
    expect(fresh).toHaveLength(10);
    expect((await jsonLogin(s.host, { username: "staff", password: PASSWORD, code: codes[0] })).status, "an old code").toBe(401);
    expect((await jsonLogin(s.host, { username: "staff", password: PASSWORD, code: fresh[0] })).status).toBe(200);
    const refused = await adminPost(s.host, "/admin/account", cookie, { intent: "totp-disable", current: "not my password" });
    expect(refused.status).toBe(400);
    const off = await adminPost(s.host, "/admin/account", cookie, { intent: "totp-disable", current: PASSWORD });
    expect(off.status).toBe(200);
    expect((await jsonLogin(s.host, { username: "staff", password: PASSWORD })).status).toBe(200);
    expect((await env.DB.prepare("select count(*) as n from staff_recovery_codes where user_id = ?").bind(s.user.id).first<Json>())?.n).toBe(0);
    expect((await historyActions(s.id, s.user.id)).map(([a]) => a).filter((a) => a.includes("two_factor") || a.includes("recovery_codes"))).toEqual([
      "two_factor_enabled",
      "recovery_codes_renewed",
      "two_factor_disabled",
    ]);
  });
});

describe("an admin requires two-factor sign-in for the whole journal", () => {
  it("a colleague without it is sent to the Account page (and refused by the API) until it is set up; it cannot be turned off then", async () => {
    const s = await makeAdminSession();
    await makeUser(s.id, { username: "colleague", password: PASSWORD });
    const admin = await browserSignIn(s.host, "staff", PASSWORD);
    const first = await adminPost(s.host, "/admin/staff", admin.cookie, { intent: "require-2fa", value: "1" });
    expect(first.status, "an admin without it is asked to set it up first").toBe(409);
    expect(await first.text()).toContain(STAFF_MESSAGES.twoFactorSelfFirst);
    await enable(s.host, admin.cookie);
    const on = await adminPost(s.host, "/admin/staff", admin.cookie, { intent: "require-2fa", value: "1" });
    expect(on.status).toBe(200);
    const settings = await env.DB.prepare("select require_two_factor from settings where journal_id = ?").bind(s.id).first<Json>();
    expect(settings?.require_two_factor).toBe(1);

    const colleague = await browserSignIn(s.host, "colleague", PASSWORD);
    const page = await adminGet(s.host, "/admin/archives", colleague.cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/account?setup=required");
    const account = await adminGet(s.host, "/admin/account?setup=required", colleague.cookie);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(TWO_FACTOR_MESSAGES.setupRequired);
    const token = ((await (await jsonLogin(s.host, { username: "colleague", password: PASSWORD })).json()) as Json).token;
    const refused = await fetch_(s.host, "/api/admin/", token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "two_factor_setup_required", message: TWO_FACTOR_MESSAGES.setupRequiredApi });
    expect((await fetch_(s.host, "/auth/verify-token/", token)).status).toBe(200);

    const { secret } = await enable(s.host, colleague.cookie);
    expect((await adminGet(s.host, "/admin/archives", colleague.cookie)).status).toBe(200);
    const off = await adminPost(s.host, "/admin/account", colleague.cookie, { intent: "totp-disable", current: PASSWORD });
    expect(off.status).toBe(409);
    expect(await off.text()).toContain(TWO_FACTOR_MESSAGES.requiredCannotDisable);
    // A colleague who lost the phone and the codes: an admin turns it off on the Staff page.
    const reset = await adminPost(s.host, "/admin/staff", admin.cookie, { intent: "two-factor-reset", id: String((await idOf(s.id, "colleague"))!) });
    expect(reset.status).toBe(200);
    expect((await jsonLogin(s.host, { username: "colleague", password: PASSWORD, code: appCode(secret, Date.now() + 30_000) })).status, "no second factor any more").toBe(200);
    const staffHistory = await env.DB.prepare("select actor, action, record_type, fields from history where journal_id = ? and action in ('update', 'two_factor_reset') order by id").bind(s.id).all<Json>();
    expect(staffHistory.results.map((r) => [r.actor, r.action, r.record_type, JSON.parse(r.fields)])).toEqual([
      ["staff", "update", "settings", { require_two_factor: { before: false, after: true } }],
      ["staff", "two_factor_reset", "user", {}],
    ]);
  });
});

function fetch_(host: string, path: string, token: string) {
  return fetchWorker(`https://${host}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function idOf(journalId: number, username: string) {
  return (await env.DB.prepare("select id from users where journal_id = ? and username = ?").bind(journalId, username).first<Json>())?.id as number | undefined;
}
