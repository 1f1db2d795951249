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
