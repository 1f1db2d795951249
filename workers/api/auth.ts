import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { attemptLogin, endSessions, toPublicUser } from "../../app/models/users.server";
import { clearSessionCookie, clientIp, sessionCookie, signToken } from "../../app/auth/tokens.server";
import { MissingSecretError } from "../../app/lib/secrets";
import { MAX_PASSWORD_LENGTH } from "../../app/lib/password.server";
import type { HonoEnv } from "../types";
import { requireAdmin, type AdminEnv } from "./middleware";
import { readJson } from "./request";

/** /auth/login/ and /auth/verify-token/ (spec §7 Authentication). */
export const authApp = new Hono<HonoEnv>({ strict: false });

const LOGIN_STATUS = { invalid_credentials: 401, disabled: 403, invalid_ip: 403, too_many_attempts: 429 } as const;

authApp.post(
  "/login",
  async (c) => {
    const body = await readJson(c.req.raw);
    if (!body.ok) return c.json({ error: body.error }, 400);
    const username = typeof body.value.username === "string" ? body.value.username.trim() : "";
    const password = typeof body.value.password === "string" ? body.value.password : "";
    if (!username || !password) return c.json({ error: "invalid_credentials" }, 401);
    if (password.length > MAX_PASSWORD_LENGTH || username.length > 200) {
      // Refused before any hashing work.
      return c.json({ error: "invalid_credentials" }, 401);
    }
    const journal = c.get("journal");
    const result = await attemptLogin(getDb(c.env.DB), journal.id, { username, password, ip: clientIp(c.req.raw) });
    if (!result.ok) return c.json({ error: result.error }, LOGIN_STATUS[result.error]);
    let token: string;
    try {
      token = await signToken(c.env, journal.id, result.user.id, result.user.sessionEpoch);
    } catch (error) {
      if (error instanceof MissingSecretError) {
        console.error(error.message);
        return c.json({ error: "server_misconfigured" }, 500);
      }
      throw error;
    }
    c.header("set-cookie", sessionCookie(c.env, token));
    c.header("cache-control", "no-store");
    return c.json({ token, user: toPublicUser(result.user) });
  },
);

authApp.get("/verify-token", requireAdmin, (c) => {
  c.header("cache-control", "no-store");
  return c.json({ user: toPublicUser((c.var as AdminEnv["Variables"]).user) });
});

/** Signs out: every token of this user stops verifying (not only this one), and the cookie goes. */
authApp.post("/logout", requireAdmin, async (c) => {
  const user = (c.var as AdminEnv["Variables"]).user;
  await endSessions(getDb(c.env.DB), c.get("journal").id, user.id);
  c.header("set-cookie", clearSessionCookie(c.env));
  c.header("cache-control", "no-store");
  return c.json({ ok: true });
});

authApp.notFound((c) => c.json({ error: "not_found" }, 404));
