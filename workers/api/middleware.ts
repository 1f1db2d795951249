import { createMiddleware } from "hono/factory";
import type { User } from "../../app/models/users.server";
import { isCrossSiteWrite } from "../../app/auth/cross-site";
import { sessionUser, staffSession } from "../../app/auth/session.server";
import type { HonoEnv } from "../types";

export type AdminEnv = HonoEnv & { Variables: HonoEnv["Variables"] & { user: User; sessionId: string } };

/**
 * Every admin and write call: a valid token of THIS journal for an enabled user, else
 * 401 {"error":"unauthorized"}. Cookie-authenticated writes must come from this site (403
 * {"error":"forbidden"} for cross-site requests); bearer tokens are not sent by browsers
 * automatically, so they need no such check.
 */
export const requireAdmin = createMiddleware<AdminEnv>(async (c, next) => {
  const request = c.req.raw;
  if (isCrossSiteWrite(request)) return c.json({ error: "forbidden" }, 403);
  const session = await staffSession(c.env, c.get("journal").id, request);
  if (!session) return c.json({ error: "unauthorized" }, 401);
  const { user } = session;
  c.set("user", user);
  c.set("sessionId", session.sessionId);
  // Only writes by signed-in staff invalidate the journal's edge cache (workers/cache.ts).
  c.get("state").staffUserId = user.id;
  // A cookie session in use renews (workers/app.ts adds the cookie to the response).
  if (session.renewedCookie) c.get("state").renewedSessionCookie = session.renewedCookie;
  await next();
});

export { sessionUser };
