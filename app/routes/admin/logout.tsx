import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appContext } from "../../context";
import { clearSessionCookie, isSameOriginRequest } from "../../utils/auth.server";

/** POST /admin/logout clears the session cookie and returns to the login page. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOriginRequest(request)) throw data("Forbidden", { status: 403, statusText: "Forbidden" });
  const { env } = context.get(appContext);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(env), "Cache-Control": "no-store" } });
}

// Signing out changes state, so it is never a GET (a link or an image could trigger it).
export function loader() {
  return redirect("/admin");
}
