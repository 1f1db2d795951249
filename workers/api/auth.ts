import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { attemptLogin, toPublicUser } from "../../app/models/users.server";
import { endAllSessions, endSession } from "../../app/models/sessions.server";
import { clearSessionCookie, clearSignedInCookie, clientIp, deviceId } from "../../app/auth/tokens.server";
import { TWO_FACTOR_MESSAGES } from "../../app/schemas/messages";
import { signInRefusal } from "../../app/auth/cross-site";
import { signInFacts, startSession } from "../../app/auth/session.server";
import { MissingSecretError } from "../../app/lib/secrets";
import { MAX_PASSWORD_LENGTH } from "../../app/schemas/password";
import type { HonoEnv } from "../types";
import { requireAdmin, type AdminEnv } from "./middleware";
import { readJson } from "./request";

/** /auth/login/ and /auth/verify-token/ (spec §7 Authentication). */
export const authApp = new Hono<HonoEnv>({ strict: false });

const LOGIN_STATUS = { invalid_credentials: 401, disabled: 403, invalid_ip: 403, too_many_attempts: 429, two_factor_required: 401, invalid_code: 401 } as const;
/** Beyond spec §8's codes: what a client with two-factor sign-in is told to do. */
const LOGIN_MESSAGE: Partial<Record<keyof typeof LOGIN_STATUS, string>> = {
  two_factor_required: TWO_FACTOR_MESSAGES.codeNeeded,
  invalid_code: TWO_FACTOR_MESSAGES.invalidCode,
};

authApp.post(
  "/login",
  async (c) => {
    // Same-origin and exactly application/json, before the body is read: a cross-site or
    // "simple" request never gets a session cookie.
    const refusal = signInRefusal(c.req.raw, "application/json");
    if (refusal) return c.json({ error: refusal }, refusal === "cross_site" ? 403 : 415, { "cache-control": "no-store" });
    const body = await readJson(c.req.raw);
    if (!body.ok) return c.json({ error: body.error }, 400);
    const username = typeof body.value.username === "string" ? body.value.username.trim() : "";
    const password = typeof body.value.password === "string" ? body.value.password : "";
    // Two-factor sign-in: the app's 6-digit code or a recovery code, with the password.
    const code = typeof body.value.code === "string" ? body.value.code.slice(0, 64) : "";
    if (!username || !password) return c.json({ error: "invalid_credentials" }, 401);
    if (password.length > MAX_PASSWORD_LENGTH || username.length > 200) {
      // Refused before any hashing work.
      return c.json({ error: "invalid_credentials" }, 401);
    }
    const journal = c.get("journal");
    let device: Awaited<ReturnType<typeof deviceId>>;
    try {
      device = await deviceId(c.env, journal.id, c.req.raw, username);
    } catch (error) {
      if (error instanceof MissingSecretError) {
        console.error(error.message);
        return c.json({ error: "server_misconfigured" }, 500);
      }
      throw error;
    }
    const result = await attemptLogin(getDb(c.env.DB), journal.id, { username, password, code, ip: clientIp(c.req.raw), device });
    if (!result.ok) {
      const message = LOGIN_MESSAGE[result.error];
      return c.json(message ? { error: result.error, message } : { error: result.error }, LOGIN_STATUS[result.error]);
    }
    let token: string;
    let cookies: string[];
    try {
      ({ token, cookies } = await startSession(c.env, journal.id, result.user, signInFacts(result.user, result.recoveryCodesLeft, "/auth/login/")));
    } catch (error) {
      if (error instanceof MissingSecretError) {
        console.error(error.message);
        return c.json({ error: "server_misconfigured" }, 500);
      }
      throw error;
    }
    for (const cookie of cookies) c.header("set-cookie", cookie, { append: true });
    c.header("cache-control", "no-store");
    return c.json({
      token,
      user: toPublicUser(result.user),
      ...(result.recoveryCodesLeft === undefined ? {} : { recovery_codes_left: result.recoveryCodesLeft }),
    });
  },
);

authApp.get("/verify-token", requireAdmin, (c) => {
  c.header("cache-control", "no-store");
  return c.json({ user: toPublicUser((c.var as AdminEnv["Variables"]).user) });
});

/** Signs this browser (or API client) out: its session ends, the user's other sessions go on. */
authApp.post("/logout", requireAdmin, async (c) => {
  await endSession(getDb(c.env.DB), c.get("journal").id, (c.var as AdminEnv["Variables"]).sessionId);
  c.header("set-cookie", clearSessionCookie(c.env), { append: true });
  c.header("set-cookie", clearSignedInCookie(c.env), { append: true });
  c.header("cache-control", "no-store");
  return c.json({ ok: true });
});

/** Signs the user out everywhere: every session of the user ends (every token stops verifying). */
authApp.post("/logout-all", requireAdmin, async (c) => {
  const user = (c.var as AdminEnv["Variables"]).user;
  await endAllSessions(getDb(c.env.DB), c.get("journal").id, user);
  c.header("set-cookie", clearSessionCookie(c.env), { append: true });
  c.header("set-cookie", clearSignedInCookie(c.env), { append: true });
  c.header("cache-control", "no-store");
  return c.json({ ok: true });
});

authApp.notFound((c) => c.json({ error: "not_found" }, 404));
