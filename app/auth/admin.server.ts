import { serialize as serializeCookie } from "hono/utils/cookie";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { appContext } from "../context";
import { getDb, type Db } from "../db/client.server";
import type { JournalContext } from "../models/journals.server";
import type { User } from "../models/users.server";
import type { Flash } from "../components/admin/flash";
import { clearSessionCookie, clearSignedInCookie, readCookie, secureTransport, SESSION_COOKIE, SIGNED_IN_COOKIE } from "./tokens.server";
import { staffSession } from "./session.server";
import { reachableBeforeTwoFactorSetup, roleMay } from "./permissions";
import { ROLE_MESSAGES } from "../schemas/messages";

/**
 * Session checks for the admin pages. Every admin loader and action calls `requireAdmin`, on
 * the server: a page is never rendered, nor a change made, without a valid session of the
 * journal the request's host belongs to — and a role that may open the page
 * (app/auth/permissions.ts: an editor gets 403 on the admin-only areas, whatever page is added
 * later). Cross-site form posts never get this far: workers/app.ts refuses them before any route
 * runs (app/auth/cross-site.ts).
 */

export interface AdminSession {
  user: User;
  /** This browser's session row (staff_sessions): signing out ends this one only. */
  sessionId: string;
  /** The session's absolute end (Unix milliseconds). */
  sessionExpiresAt: number;
  journal: JournalContext;
  env: Env;
  db: Db;
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

// The layout's and the page's loaders run in parallel for one request: look the session up
// once and share the answer through the request's router context.
const sessionMemo = createContext<Promise<AdminSession | null> | null>(null);

export function getAdminSession({ request, context }: Args): Promise<AdminSession | null> {
  const memo = context.get(sessionMemo);
  if (memo) return memo;
  const { env, journal, state } = context.get(appContext);
  const promise = staffSession(env, journal.id, request).then((session) => {
    if (!session) return null;
    const { user } = session;
    // Only writes by signed-in staff invalidate the journal's edge cache (workers/cache.ts).
    state.staffUserId = user.id;
    // A token in use renews (workers/app.ts adds the cookie to the response).
    if (session.renewedCookie) state.renewedSessionCookie = session.renewedCookie;
    return { user, sessionId: session.sessionId, sessionExpiresAt: session.expiresAt, journal, env, db: getDb(env.DB) };
  });
  (context as RouterContextProvider).set(sessionMemo, promise);
  return promise;
}

/** Where a page the user asked for may send them back to after signing in ('' when nowhere safe). */
export function safeNext(value: string | null | undefined): string {
  if (!value || value.length > 500) return "";
  try {
    const url = new URL(value, "http://admin.invalid");
    if (url.origin !== "http://admin.invalid") return "";
    const path = url.pathname.replace(/\.data$/, "");
    if (!/^\/admin(\/|$)/.test(path) || /^\/admin\/(login|logout)\b/.test(path)) return "";
    url.searchParams.delete("_routes");
    url.searchParams.delete("index");
    return path + url.search;
  } catch {
    return "";
  }
}

/** Whether the request comes from a browser whose session ran out or was ended elsewhere. */
function sessionLapsed(request: Request): boolean {
  return !!(readCookie(request, SESSION_COOKIE) || readCookie(request, SIGNED_IN_COOKIE));
}

/**
 * The login URL for a request without a valid session. A session cookie that no longer
 * verifies, or the signed-in marker without one (the cookie lapsed with its token), means the
 * session expired (or was ended elsewhere) while the user worked: `expired=1` makes the login
 * page show the spec's session-expired alert (SESSION_EXPIRED in app/schemas/messages.ts) —
 * once: the redirect clears both cookies — and restore the work of the form that was sent.
 */
function loginUrl(request: Request): string {
  const params = new URLSearchParams();
  if (sessionLapsed(request)) params.set("expired", "1");
  // After signing in again, back to the page (for a form post, the page the form is on).
  const next = safeNext(new URL(request.url).pathname + new URL(request.url).search);
  if (next && next !== "/admin") params.set("next", next);
  const query = params.toString();
  return `/admin/login${query ? `?${query}` : ""}`;
}

/**
 * The signed-in staff member, whatever the page: for the admin shell (the layout), which every
 * role and every state shows. Pages call `requireAdmin`.
 */
export async function requireStaff(args: Args): Promise<AdminSession> {
  const session = await getAdminSession(args);
  if (session) return session;
  const { env } = args.context.get(appContext);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (readCookie(args.request, SESSION_COOKIE)) headers.append("Set-Cookie", clearSessionCookie(env));
  if (readCookie(args.request, SIGNED_IN_COOKIE)) headers.append("Set-Cookie", clearSignedInCookie(env));
  throw redirect(loginUrl(args.request), { headers });
}

/** Where a staff member who must still set up two-factor sign-in is sent (the Account page says why). */
const TWO_FACTOR_SETUP_URL = "/admin/account?setup=required";

/**
 * A page's session check: a signed-in staff member whose role may open this page (else 403,
 * rendered by the page's error boundary) and who, when the journal requires two-factor sign-in,
 * has set it up (else to the Account page, where it is set up).
 */
export async function requireAdmin(args: Args): Promise<AdminSession> {
  const session = await requireStaff(args);
  const path = new URL(args.request.url).pathname;
  if (session.journal.settings.require_two_factor && !session.user.totpSecret && !reachableBeforeTwoFactorSetup(path)) {
    throw redirect(TWO_FACTOR_SETUP_URL, { headers: { "Cache-Control": "no-store" } });
  }
  if (!roleMay(session.user.role, path)) throw data(ROLE_MESSAGES.forbidden, { status: 403, headers: ADMIN_HEADERS });
  return session;
}

// ---- Flash messages across a redirect ------------------------------------------------------

const FLASH_COOKIE = "admin_flash";

/**
 * A short-lived cookie carrying a flash message to the page a redirect leads to. Path `/`: the
 * dashboard's client-side loads are `/admin.data`, which a cookie of path `/admin` does not reach.
 */
export function flashCookie(flash: Omit<Flash, "id">, env: { APP_ENV?: string; SECURE_TRANSPORT?: string }): string {
  const value = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(flash))));
  return serializeCookie(FLASH_COOKIE, value, { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 60, secure: secureTransport(env) });
}

export function clearFlashCookie(env: { APP_ENV?: string; SECURE_TRANSPORT?: string }): string {
  return serializeCookie(FLASH_COOKIE, "", { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 0, secure: secureTransport(env) });
}

/** The flash message a previous response left, if any. */
export function readFlash(request: Request): Flash | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Flash>;
    if (typeof value.msg !== "string" || !["success", "error", "normal"].includes(String(value.kind))) return null;
    return {
      kind: value.kind as Flash["kind"],
      msg: value.msg.slice(0, 500),
      detail: typeof value.detail === "string" ? value.detail.slice(0, 1000) : undefined,
      id: crypto.randomUUID(),
    };
  } catch {
    return null;
  }
}

/** `Cache-Control` and robots headers for every admin response. */
export const ADMIN_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;
