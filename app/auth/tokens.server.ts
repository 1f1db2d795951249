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

export function tokenTtlHours(env: AuthEnv): number {
  const hours = Number(env.TOKEN_TTL_HOURS);
  return Number.isFinite(hours) && hours > 0 && hours <= 24 * 30 ? hours : 12;
}

/** `epoch` is the user's session epoch: bumping it (sign-out, password reset) revokes the token. */
export async function signToken(env: AuthEnv, journalId: number, userId: number, epoch = 0): Promise<string> {
  const key = secretKey(env);
  return new SignJWT({ ep: epoch })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audienceFor(journalId))
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${tokenTtlHours(env)}h`)
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
): Promise<{ userId: number; epoch: number } | null> {
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
    return { userId: id, epoch };
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
 * How long the browser keeps the cookie after its token expires: a request that still carries
 * it is a session that ran out (the login page shows the spec's session-expired alert),
 * not a first visit.
 */
const EXPIRED_COOKIE_GRACE_SECONDS = 7 * 24 * 3600;

/** HttpOnly, SameSite=Lax session cookie holding the token; Secure over https. */
export function sessionCookie(env: AuthEnv, token: string): string {
  const maxAge = Math.round(tokenTtlHours(env) * 3600) + EXPIRED_COOKIE_GRACE_SECONDS;
  return serializeCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", maxAge, secure: secureTransport(env) });
}

export function clearSessionCookie(env: AuthEnv): string {
  return serializeCookie(SESSION_COOKIE, "", { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 0, secure: secureTransport(env) });
}

/** The client's IP as Cloudflare reports it. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "0.0.0.0";
}
