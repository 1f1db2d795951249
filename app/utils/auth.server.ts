import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET. `aud` names the journal, so a token of
 * journal A is refused on journal B's host; verify pins the algorithm and checks iss/aud/exp.
 */

export const TOKEN_ISSUER = "journal-site";
export const MIN_SECRET_LENGTH = 32;
export const SESSION_COOKIE = "journal_session";

export class MissingSecretError extends Error {
  constructor() {
    super("JWT_SECRET is missing, shorter than 32 characters or the example placeholder; refusing to sign tokens");
  }
}

type AuthEnv = { JWT_SECRET?: string; TOKEN_TTL_HOURS?: string; APP_ENV?: string; SECURE_TRANSPORT?: string };

/**
 * Whether cookies get `Secure` and responses HSTS: always in production, and for any request
 * that arrived over https (so a deploy that kept APP_ENV = "development" is still safe).
 */
export function secureTransport(env: { APP_ENV?: string; SECURE_TRANSPORT?: string }): boolean {
  return env.APP_ENV === "production" || env.SECURE_TRANSPORT === "1";
}

/** The example file's value: a copied .dev.vars.example must not sign real tokens. */
const PLACEHOLDER_SECRET = /^replace-with/i;

const keyCache = new Map<string, Uint8Array>();
function secretKey(env: AuthEnv): Uint8Array {
  const secret = env.JWT_SECRET ?? "";
  if (secret.length < MIN_SECRET_LENGTH || PLACEHOLDER_SECRET.test(secret)) throw new MissingSecretError();
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

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * How long the browser keeps the cookie after its token expires: a request that still carries
 * it is a session that ran out (the login page says 'Session expired. Please login again.'),
 * not a first visit.
 */
const EXPIRED_COOKIE_GRACE_SECONDS = 7 * 24 * 3600;

/** HttpOnly, SameSite=Lax session cookie holding the token; Secure over https. */
export function sessionCookie(env: AuthEnv, token: string): string {
  const maxAge = Math.round(tokenTtlHours(env) * 3600) + EXPIRED_COOKIE_GRACE_SECONDS;
  const secure = secureTransport(env) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function clearSessionCookie(env: AuthEnv): string {
  const secure = secureTransport(env) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/**
 * Cross-site request check for cookie-authenticated writes: the browser must say the request
 * came from this site (Sec-Fetch-Site) or name this origin (Origin). Requests that carry
 * neither header (curl, server-to-server) are not browsers and cannot carry a victim's cookie
 * from another site, so they pass.
 */
export function isSameOriginRequest(request: Request): boolean {
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

/** The client's IP as Cloudflare reports it. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "0.0.0.0";
}
