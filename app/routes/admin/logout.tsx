import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appContext } from "../../context";
import { endSessions } from "../../models/users.server";
import { getAdminSession } from "../../auth/admin.server";
import { clearSessionCookie } from "../../auth/tokens.server";

/**
 * POST /admin/logout ends the session on the server (the token stops verifying everywhere, not
 * only in this browser), clears the cookie and returns to the login page. (A cross-site post is
 * refused by workers/app.ts before it gets here.)
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { env } = context.get(appContext);
  const session = await getAdminSession(args);
  if (session) await endSessions(session.db, session.journal.id, session.user.id);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(env), "Cache-Control": "no-store" } });
}

// Signing out changes state, so it is never a GET (a link or an image could trigger it).
export function loader() {
  return redirect("/admin");
}
