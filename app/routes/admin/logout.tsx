import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appContext } from "../../context";
import { endAllSessions, endSession } from "../../models/sessions.server";
import { getAdminSession } from "../../auth/admin.server";
import { clearSessionCookie, clearSignedInCookie } from "../../auth/tokens.server";

/**
 * POST /admin/logout ends this browser's session (the user's other browsers stay signed in);
 * with `scope=all` ("Sign out everywhere") every session of the user ends. Then the cookies go
 * and the sign-in page says so. (A cross-site post is refused by workers/app.ts before it gets
 * here.)
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { env } = context.get(appContext);
  const form = await request.formData().catch(() => null);
  const everywhere = form?.get("scope") === "all";
  const session = await getAdminSession(args);
  if (session) {
    if (everywhere) await endAllSessions(session.db, session.journal.id, session.user);
    else await endSession(session.db, session.journal.id, session.sessionId);
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", clearSessionCookie(env));
  headers.append("Set-Cookie", clearSignedInCookie(env));
  return redirect(`/admin/login?signed_out=${everywhere ? "all" : "1"}`, { headers });
}

// Signing out changes state, so it is never a GET (a link or an image could trigger it).
export function loader() {
  return redirect("/admin");
}
