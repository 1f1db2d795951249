/**
 * Signing in as a browser or an API client does, for the workerd tests of sessions, roles and
 * two-factor sign-in: the JSON and form sign-ins, the cookies they set, and a same-site form post.
 */
import { expect } from "vitest";
import { fetchWorker as rawFetch } from "../factories";

/** The Worker, redirects not followed (a sign-in's 302 and its cookies are the answer). */
export const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });

export const setCookies = (res: Response) => res.headers.getSetCookie?.() ?? (res.headers.get("set-cookie") ?? "").split(/,(?= ?\w+=)/);

/** A cookie's value from a response's Set-Cookie headers, or null. */
export const cookieValue = (res: Response, name: string) => {
  const line = setCookies(res).find((c) => c.trim().startsWith(`${name}=`));
  return line ? line.trim().slice(name.length + 1).split(";")[0] : null;
};

export function jsonLogin(host: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchWorker(`https://${host}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.50", ...headers },
    body: JSON.stringify(body),
  });
}

export function formLogin(host: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchWorker(`https://${host}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "203.0.113.51", origin: `https://${host}`, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Signs in through the form and returns the browser's cookies (session + device) and a cookie header. */
export async function browserSignIn(host: string, username: string, password: string, extra: Record<string, string> = {}) {
  const res = await formLogin(host, { username, password }, extra);
  expect(res.status, await res.clone().text()).toBe(302);
  return {
    session: cookieValue(res, "journal_session")!,
    device: cookieValue(res, "journal_device")!,
    cookie: `journal_session=${cookieValue(res, "journal_session")}`,
  };
}

/** A same-site form post of the admin pages (the browser's Origin, the session cookie). */
export function adminPost(host: string, path: string, cookie: string, fields: Record<string, string> | URLSearchParams | FormData) {
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  const headers: Record<string, string> = { cookie, origin: `https://${host}` };
  if (!(fields instanceof FormData)) headers["content-type"] = "application/x-www-form-urlencoded";
  return fetchWorker(`https://${host}${path}`, { method: "POST", headers, body });
}

/** A page as the signed-in browser gets it. */
export function adminGet(host: string, path: string, cookie: string) {
  return fetchWorker(`https://${host}${path}`, { headers: { cookie } });
}
