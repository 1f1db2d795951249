import { parse as parseCookies, serialize as serializeCookie } from "hono/utils/cookie";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { signingSecret } from "../lib/secrets";

/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET. `aud` names the journal, so a token of
 * journal A is refused on journal B's host; verify pins the algorithm and checks iss/aud/exp.
 */

export const TOKEN_ISSUER = "journal-site";
export const SESSION_COOKIE = "journal_session";

type AuthEnv = { JWT_SECRET?: string; TOKEN_TTL_HOURS?: string; APP_ENV?: string; SECURE_TRANSPORT?: string };

/**
 * Whether cookies get `Secure` and responses HSTS: always in production, and for any request
 * that arrived over https (so a deploy that kept APP_ENV = "development" is still safe).
 */
export function secureTransport(env: { APP_ENV?: string; SECURE_TRANSPORT?: string }): boolean {
  return env.APP_ENV === "production" || env.SECURE_TRANSPORT === "1";
}

const keyCache = new Map<string, Uint8Array>();
function secretKey(env: AuthEnv): Uint8Array {
  const secret = signingSecret(env.JWT_SECRET, "JWT_SECRET");
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

export function audienceFor(journalId: number): string {
  return `journal:${journalId}`;
}

function tokenTtlHours(env: AuthEnv): number {
  const hours = Number(env.TOKEN_TTL_HOURS);
  return Number.isFinite(hours) && hours > 0 && hours <= 24 * 30 ? hours : 12;
}

/**
 * The absolute maximum of one sign-in: a token renews while it is in use (each renewal lasts
 * tokenTtlHours more), but never past this many hours after the sign-in
 * (docs/decisions/011-sessions-per-browser.md).
 */
export const SESSION_MAX_HOURS = 7 * 24;

/** A token older than this is renewed on the next staff request that carries it in the cookie. */
export const RENEW_AFTER_SECONDS = 15 * 60;

/**
 * `epoch` is the user's session epoch: bumping it (sign-out everywhere, password change or
 * reset) revokes the token. `sid` names the browser's session row (staff_sessions), which
 * signing out deletes; `expiresAt` (Unix seconds) caps the token at the session's absolute end.
 */
export async function signToken(
  env: AuthEnv,
  journalId: number,
  userId: number,
  epoch = 0,
  session: { sid?: string; expiresAt?: number } = {},
): Promise<string> {
  const key = secretKey(env);
  const now = Math.floor(Date.now() / 1000);
  let exp = now + Math.round(tokenTtlHours(env) * 3600);
  if (session.expiresAt !== undefined) exp = Math.min(exp, session.expiresAt);
  return new SignJWT(session.sid ? { ep: epoch, sid: session.sid } : { ep: epoch })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audienceFor(journalId))
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(key);
}

/** The user id a valid token of this journal carries, or null (bad signature, alg, iss, aud, exp…). */
export async function verifyToken(env: AuthEnv, journalId: number, token: string): Promise<number | null> {
  return (await verifyTokenClaims(env, journalId, token))?.userId ?? null;
}

/** The user id and session epoch of a valid token of this journal, or null. */
export async function verifyTokenClaims(
  env: AuthEnv,
  journalId: number,
  token: string,
): Promise<{ userId: number; epoch: number; sid: string | null; iat: number; exp: number } | null> {
  if (!token || token.length > 4096) return null;
  let key: Uint8Array;
  try {
    key = secretKey(env);
  } catch {
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: audienceFor(journalId),
      requiredClaims: ["sub", "exp", "iat"],
    });
    const id = Number(payload.sub);
    const epoch = payload.ep === undefined ? 0 : Number(payload.ep);
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(epoch)) return null;
    const sid = typeof payload.sid === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(payload.sid) ? payload.sid : null;
    return { userId: id, epoch, sid, iat: Number(payload.iat), exp: Number(payload.exp) };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * One cookie of the request, through Hono's parser: a value with broken percent-encoding
 * (`journal_session=%E0%A4%A`) or characters a cookie may not hold reads as absent, never as an
 * exception (a hand-written decodeURIComponent answered 500 here).
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  return parseCookies(header, name)[name] ?? null;
}

/**
 * HttpOnly, SameSite=Lax session cookie holding the token; Secure over https. It lives exactly
 * as long as its token (`expiresAt`, Unix seconds; default: a fresh token's lifetime).
 */
export function sessionCookie(env: AuthEnv, token: string, expiresAt?: number): string {
  const ttl = Math.round(tokenTtlHours(env) * 3600);
  const maxAge = expiresAt === undefined ? ttl : Math.max(0, Math.min(ttl, expiresAt - Math.floor(Date.now() / 1000)));
  return serializeCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", maxAge, secure: secureTransport(env) });
}

export function clearSessionCookie(env: AuthEnv): string {
  return serializeCookie(SESSION_COOKIE, "", { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 0, secure: secureTransport(env) });
}

/**
 * "This browser was signed in": no secret, only a marker that outlives the session cookie (up
 * to the session's absolute end), so a request after the session ran out — its cookie gone
 * with its token — is told 'Session expired' (and its work restored after signing in) rather
 * than treated as a first visit. Cleared on sign-out and once the expiry has been reported.
 */
export const SIGNED_IN_COOKIE = "journal_signed_in";

export function signedInCookie(env: AuthEnv): string {
  return serializeCookie(SIGNED_IN_COOKIE, "1", { path: "/admin", httpOnly: true, sameSite: "Lax", maxAge: SESSION_MAX_HOURS * 3600, secure: secureTransport(env) });
}

export function clearSignedInCookie(env: AuthEnv): string {
  return serializeCookie(SIGNED_IN_COOKIE, "", { path: "/admin", httpOnly: true, sameSite: "Lax", maxAge: 0, secure: secureTransport(env) });
}

// ---- Device cookies (OWASP "Slow down online guessing attacks with device cookies") --------

const DEVICE_COOKIE = "journal_device";
const DEVICE_DAYS = 180;

/**
 * A signed cookie saying "this browser signed in as <username> of this journal before", with
 * the user's session epoch at that time (`ep`). Sign-in attempts that carry a valid one whose
 * epoch is still the user's are counted against the device, not the username, so a stranger's
 * failures cannot lock the owner out (docs/SECURITY.md, "Sign-in"); signing out everywhere, a
 * password change or reset and disabling the user move the epoch on, which revokes every device
 * cookie issued before.
 */
export async function deviceCookie(env: AuthEnv, journalId: number, username: string, epoch: number): Promise<string> {
  const token = await new SignJWT({ typ: "device", ep: epoch })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(`device:${journalId}`)
    .setSubject(username)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_DAYS}d`)
    .sign(secretKey(env));
  return serializeCookie(DEVICE_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", maxAge: DEVICE_DAYS * 24 * 3600, secure: secureTransport(env) });
}

/**
 * The id and epoch of the request's valid device cookie for this journal and username, or null
 * (a cookie from before epochs were written into it counts for nothing).
 */
export async function deviceId(env: AuthEnv, journalId: number, request: Request, username: string): Promise<{ id: string; epoch: number } | null> {
  const token = readCookie(request, DEVICE_COOKIE);
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, secretKey(env), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: `device:${journalId}`,
      subject: username,
      requiredClaims: ["jti", "exp"],
    });
    if (payload.typ !== "device" || typeof payload.jti !== "string" || !Number.isSafeInteger(payload.ep)) return null;
    return { id: payload.jti.slice(0, 64), epoch: payload.ep as number };
  } catch {
    return null;
  }
}

// ---- The second step of the sign-in page ---------------------------------------------------

/** How long the code step of the sign-in page waits after the password was right. */
const SECOND_STEP_MINUTES = 5;

/**
 * "This browser gave the right password for user N (at session epoch E) a moment ago": what the
 * sign-in page's code step carries (a hidden field, not the password), signed and short-lived.
 * Its own audience keeps it from ever passing as a session token.
 */
export async function secondStepToken(env: AuthEnv, journalId: number, userId: number, epoch: number): Promise<string> {
  return new SignJWT({ typ: "second-step", ep: epoch })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(`second-step:${journalId}`)
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${SECOND_STEP_MINUTES}m`)
    .sign(secretKey(env));
}

export async function readSecondStepToken(env: AuthEnv, journalId: number, token: string): Promise<{ userId: number; epoch: number } | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, secretKey(env), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: `second-step:${journalId}`,
      requiredClaims: ["sub", "exp"],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== "second-step" || !Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(payload.ep)) return null;
    return { userId, epoch: payload.ep as number };
  } catch {
    return null;
  }
}

/** The client's IP as Cloudflare reports it. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "0.0.0.0";
}
