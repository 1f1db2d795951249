import { getDb } from "../db/client.server";
import type { User } from "../models/users.server";
import { createSession, sessionUserRow } from "../models/sessions.server";
import type { FieldChange } from "../models/history.server";
import {
  bearerToken,
  deviceCookie,
  readCookie,
  RENEW_AFTER_SECONDS,
  SESSION_COOKIE,
  SESSION_MAX_HOURS,
  sessionCookie,
  signedInCookie,
  signToken,
  verifyTokenClaims,
} from "./tokens.server";

/** A verified session: the user, the browser's session row and, when due, a renewed cookie. */
interface StaffSession {
  user: User;
  sessionId: string;
  /** Absolute end of the session, Unix milliseconds. */
  expiresAt: number;
  /** `Set-Cookie` value of a renewed token (cookie sessions only, at most every RENEW_AFTER_SECONDS). */
  renewedCookie: string | null;
}

/**
 * The session of this journal from `Authorization: Bearer` (API clients) or the HttpOnly
 * session cookie (the admin's browser), or null: a valid token whose session row still exists
 * (not signed out, not past its absolute end), for an enabled user whose session epoch matches
 * (not signed out everywhere, no password change since). A cookie token older than
 * RENEW_AFTER_SECONDS comes back with a renewed one — an editor at work is not signed out —
 * capped at the session's absolute end.
 */
export async function staffSession(env: Env, journalId: number, request: Request): Promise<StaffSession | null> {
  const bearer = bearerToken(request);
  const token = bearer ?? readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const claims = await verifyTokenClaims(env, journalId, token);
  if (!claims?.sid) return null;
  const row = await sessionUserRow(getDb(env.DB), journalId, claims.sid, claims.userId);
  if (!row || row.user.sessionEpoch !== claims.epoch) return null;
  let renewedCookie: string | null = null;
  const now = Math.floor(Date.now() / 1000);
  const end = Math.floor(row.expiresAt / 1000);
  if (!bearer && now - claims.iat >= RENEW_AFTER_SECONDS && claims.exp < end) {
    const renewed = await signToken(env, journalId, row.user.id, row.user.sessionEpoch, { sid: claims.sid, expiresAt: end });
    renewedCookie = sessionCookie(env, renewed, end);
  }
  return { user: row.user, sessionId: claims.sid, expiresAt: row.expiresAt, renewedCookie };
}

/** The signed-in user (see staffSession), or null. Used by the API middleware and public routes. */
export async function sessionUser(env: Env, journalId: number, request: Request): Promise<User | null> {
  return (await staffSession(env, journalId, request))?.user ?? null;
}

/**
 * Opens a session for a user who just signed in: a new session row (with the sign-in in the
 * journal's history; `how` adds what it should know: a second factor, the API), its token, and
 * the cookies for a browser — the session cookie (living as long as the token), the signed-in
 * marker, and the device cookie that keeps strangers' failures from locking this browser out.
 */
export async function startSession(
  env: Env,
  journalId: number,
  user: User,
  how: Record<string, FieldChange> = {},
): Promise<{ token: string; cookies: string[] }> {
  const session = await createSession(getDb(env.DB), journalId, user, SESSION_MAX_HOURS * 3600 * 1000, how);
  const expiresAt = Math.floor(session.expiresAt / 1000);
  const token = await signToken(env, journalId, user.id, user.sessionEpoch, { sid: session.id, expiresAt });
  return {
    token,
    cookies: [sessionCookie(env, token, expiresAt), signedInCookie(env), await deviceCookie(env, journalId, user.username, user.sessionEpoch)],
  };
}

/** What the history records of a sign-in beyond the password: the second factor used, and where. */
export function signInFacts(user: User, recoveryCodesLeft: number | undefined, via: string): Record<string, FieldChange> {
  const facts: Record<string, FieldChange> = { via: { after: via } };
  if (user.totpSecret) facts.second_factor = { after: recoveryCodesLeft === undefined ? "app code" : "recovery code" };
  return facts;
}
