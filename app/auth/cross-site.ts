/**
 * Cross-site request forgery: the one check. A browser sends the session cookie with a form
 * another site posts here, so every write that the cookie would authenticate must come from
 * this site. workers/app.ts applies it to the admin pages' forms (before any route runs) and
 * workers/api/middleware.ts to the JSON API's staff calls.
 */
import { bearerToken } from "./tokens.server";

/**
 * Cross-site request check for cookie-authenticated writes: the browser must say the request
 * came from this site (Sec-Fetch-Site) or name this origin (Origin). Requests that carry
 * neither header (curl, server-to-server) are not browsers and cannot carry a victim's cookie
 * from another site, so they pass.
 */
function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (!origin) return true;
  if (origin === "null") return false;
  try {
    const requestHost = request.headers.get("host") ?? new URL(request.url).host;
    return new URL(origin).host.toLowerCase() === requestHost.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * A write (any method but GET, HEAD and OPTIONS) that does not come from this site and is not
 * authenticated by a bearer token: the session cookie would authenticate it, or (the sign-in
 * form) it would sign the browser in to an account another site chose. A request with
 * `Authorization: Bearer` is authenticated by that token, which a browser never adds by itself.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method) || bearerToken(request)) return false;
  return !isSameOriginRequest(request);
}

/**
 * The extra checks of a sign-in request (JSON `/auth/login/` and the `/admin/login` form): it
 * must come from this site — a sign-in sets a session cookie, so another site must not be able
 * to sign a visitor's browser in to an account it chose (login CSRF) — and carry exactly the
 * content type of that endpoint (`application/json`, or the form's
 * `application/x-www-form-urlencoded`; only a `charset=utf-8` parameter may follow), so a
 * "simple" cross-site request (`text/plain;application/json`) never passes as JSON.
 * 'cross_site' → 403, 'unsupported_media_type' → 415; null when the request may go on.
 */
export function signInRefusal(request: Request, expected: "application/json" | "application/x-www-form-urlencoded"): "cross_site" | "unsupported_media_type" | null {
  if (!isSameOriginRequest(request)) return "cross_site";
  const [type, ...params] = (request.headers.get("content-type") ?? "").split(";").map((p) => p.trim().toLowerCase());
  if (type !== expected) return "unsupported_media_type";
  if (params.some((p) => p !== "charset=utf-8")) return "unsupported_media_type";
  return null;
}
