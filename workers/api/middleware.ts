import { createMiddleware } from "hono/factory";
import type { User } from "../../app/models/users.server";
import { isCrossSiteWrite } from "../../app/auth/cross-site";
import { reachableBeforeTwoFactorSetup, roleMay } from "../../app/auth/permissions";
import { sessionUser, staffSession } from "../../app/auth/session.server";
import { ROLE_MESSAGES, TWO_FACTOR_MESSAGES } from "../../app/schemas/messages";
import type { HonoEnv } from "../types";

export type AdminEnv = HonoEnv & { Variables: HonoEnv["Variables"] & { user: User; sessionId: string } };

/**
 * Every admin and write call: a valid token of THIS journal for an enabled user, else
 * 401 {"error":"unauthorized"}. Cookie-authenticated writes must come from this site (403
 * {"error":"forbidden"} for cross-site requests); bearer tokens are not sent by browsers
 * automatically, so they need no such check. Then the role (app/auth/permissions.ts, the one
 * table): an editor calling an admin-only path gets 403 {"error":"admin_only", "message"}; and
 * when the journal requires two-factor sign-in, a user who has not set it up gets 403
 * {"error":"two_factor_setup_required", "message"} until they have. Running it twice for one
 * request (a sub-app mounted inside another's path) checks once.
 */
export const requireAdmin = createMiddleware<AdminEnv>(async (c, next) => {
  if (c.var.user) return next();
  const request = c.req.raw;
  if (isCrossSiteWrite(request)) return c.json({ error: "forbidden" }, 403);
  const session = await staffSession(c.env, c.get("journal").id, request);
  if (!session) return c.json({ error: "unauthorized" }, 401);
  const { user } = session;
  // Only writes by signed-in staff invalidate the journal's edge cache (workers/cache.ts).
  c.get("state").staffUserId = user.id;
  // A cookie session in use renews (workers/app.ts adds the cookie to the response).
  if (session.renewedCookie) c.get("state").renewedSessionCookie = session.renewedCookie;
  if (c.get("journal").settings.require_two_factor && !user.totpSecret && !reachableBeforeTwoFactorSetup(c.req.path)) {
    return c.json({ error: "two_factor_setup_required", message: TWO_FACTOR_MESSAGES.setupRequiredApi }, 403);
  }
  if (!roleMay(user.role, c.req.path)) return c.json({ error: "admin_only", message: ROLE_MESSAGES.forbidden }, 403);
  c.set("user", user);
  c.set("sessionId", session.sessionId);
  await next();
});

export { sessionUser };
