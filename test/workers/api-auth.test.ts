import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { audienceFor, signToken, TOKEN_ISSUER, verifyToken } from "../../app/auth/tokens.server";
import { fetchWorker, loginToken, makeAdminSession, makeJournal, makeUser } from "../factories";

const secret = new TextEncoder().encode(env.JWT_SECRET);

function login(host: string, body: unknown, ip = "198.51.100.1") {
  return fetchWorker(`https://${host}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function verify(host: string, token?: string) {
  return fetchWorker(`https://${host}/auth/verify-token/`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe("POST /auth/login/", () => {
  it("returns a token and the user without the password hash, and sets an HttpOnly cookie", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "editor", password: "right password 1" });
    const res = await login(j.host, { username: "editor", password: "right password 1" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(body.token.split(".")).toHaveLength(3);
    expect(body.user.username).toBe("editor");
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(body)).not.toContain("pbkdf2");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^journal_session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("answers both with and without the trailing slash", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "u1", password: "right password 1" });
    const res = await fetchWorker(`https://${j.host}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "u1", password: "right password 1" }),
    });
    expect(res.status).toBe(200);
  });

  it("gives the same invalid_credentials answer for an unknown user and a wrong password", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "real", password: "right password 1" });
    const wrong = await login(j.host, { username: "real", password: "wrong password" });
    const unknown = await login(j.host, { username: "ghost", password: "right password 1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_credentials" });
    expect(await unknown.json()).toEqual({ error: "invalid_credentials" });
  });

  it("refuses a disabled user with 'disabled'", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "gone", password: "right password 1", status: "disabled" });
    const res = await login(j.host, { username: "gone", password: "right password 1" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "disabled" });
  });

  it("refuses a caller outside the user's allowed IP list with 'invalid_ip'", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "office", password: "right password 1", allowedIps: "192.0.2.10, 192.0.2.11" });
    const outside = await login(j.host, { username: "office", password: "right password 1" }, "198.51.100.99");
    expect(outside.status).toBe(403);
    expect(await outside.json()).toEqual({ error: "invalid_ip" });
    const inside = await login(j.host, { username: "office", password: "right password 1" }, "192.0.2.11");
    expect(inside.status).toBe(200);
  });

  it("throttles after 10 failures in 15 minutes per IP (429 too_many_attempts), even for the right password", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "target", password: "right password 1" });
    for (let i = 0; i < 10; i++) {
      expect((await login(j.host, { username: `guess${i}`, password: "nope" }, "203.0.113.50")).status).toBe(401);
    }
    const blocked = await login(j.host, { username: "target", password: "right password 1" }, "203.0.113.50");
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: "too_many_attempts" });
    // Another IP is not blocked by this one's failures.
    expect((await login(j.host, { username: "target", password: "right password 1" }, "203.0.113.51")).status).toBe(200);
  });

  it("throttles per username across IPs", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "victim", password: "right password 1" });
    for (let i = 0; i < 10; i++) await login(j.host, { username: "victim", password: "nope" }, `203.0.113.${100 + i}`);
    const res = await login(j.host, { username: "victim", password: "right password 1" }, "203.0.113.200");
    expect(res.status).toBe(429);
  });

  it("refuses a 1 MB password before hashing and malformed bodies with a clear 4xx", async () => {
    const j = await makeJournal();
    const huge = await login(j.host, { username: "a", password: "x".repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    const long = await login(j.host, { username: "a", password: "x".repeat(5000) });
    expect(long.status).toBe(401);
    const malformed = await login(j.host, "{not json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "malformed_json" });
  });

  it("does not let journal A's user sign in on journal B", async () => {
    const a = await makeJournal();
    const b = await makeJournal();
    await makeUser(a.id, { username: "shared-name", password: "right password 1" });
    expect((await login(b.host, { username: "shared-name", password: "right password 1" })).status).toBe(401);
  });
});

describe("GET /auth/verify-token/ and token rules", () => {
  it("returns the user for a valid token and 401 without one", async () => {
    const s = await makeAdminSession();
    const ok = await verify(s.host, s.token);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { username: string } }).user.username).toBe("staff");
    const none = await verify(s.host);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: "unauthorized" });
  });

  it("refuses a token of journal A on journal B's host", async () => {
    const a = await makeAdminSession();
    const b = await makeJournal();
    expect((await verify(b.host, a.token)).status).toBe(401);
    expect((await fetchWorker(`https://${b.host}/api/admin/`, { headers: a.auth })).status).toBe(401);
  });

  it("refuses expired, alg:none, wrong-issuer, wrong-audience and not-yet-valid tokens", async () => {
    const s = await makeAdminSession();
    const sub = String(s.user.id);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer(TOKEN_ISSUER).setAudience(audienceFor(s.id)).setSubject(sub).setIssuedAt(now - 7200).setExpirationTime(now - 3600).sign(secret);
    const wrongIss = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer("someone-else").setAudience(audienceFor(s.id)).setSubject(sub).setIssuedAt().setExpirationTime("1h").sign(secret);
    const wrongAud = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer(TOKEN_ISSUER).setAudience(audienceFor(s.id + 1)).setSubject(sub).setIssuedAt().setExpirationTime("1h").sign(secret);
    const future = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer(TOKEN_ISSUER).setAudience(audienceFor(s.id)).setSubject(sub).setIssuedAt().setNotBefore(now + 3600).setExpirationTime(now + 7200).sign(secret);
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const algNone = `${b64({ alg: "none", typ: "JWT" })}.${b64({ iss: TOKEN_ISSUER, aud: audienceFor(s.id), sub, iat: now, exp: now + 3600 })}.`;
    const otherKey = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer(TOKEN_ISSUER).setAudience(audienceFor(s.id)).setSubject(sub).setIssuedAt().setExpirationTime("1h").sign(new TextEncoder().encode("a-completely-different-secret-of-enough-length"));
    for (const token of [expired, wrongIss, wrongAud, future, algNone, otherKey, "garbage"]) {
      expect((await verify(s.host, token)).status, token.slice(0, 30)).toBe(401);
    }
  });

  it("refuses the token of a user who was disabled after signing in", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "soon-gone", password: "right password 1" });
    const token = await loginToken(j.host, "soon-gone", "right password 1");
    await makeUser(j.id, { username: "soon-gone", password: "right password 1", status: "disabled" });
    expect((await verify(j.host, token)).status).toBe(401);
  });

  it("refuses to sign tokens with a missing or short secret", async () => {
    await expect(signToken({ JWT_SECRET: "" }, 1, 1)).rejects.toThrow(/JWT_SECRET/);
    await expect(signToken({ JWT_SECRET: "short-secret" }, 1, 1)).rejects.toThrow(/JWT_SECRET/);
    const token = await signToken({ JWT_SECRET: env.JWT_SECRET, TOKEN_TTL_HOURS: "2" }, 5, 9);
    expect(await verifyToken({ JWT_SECRET: env.JWT_SECRET }, 5, token)).toBe(9);
    expect(await verifyToken({ JWT_SECRET: env.JWT_SECRET }, 6, token)).toBeNull();
  });
});
