import { getDb } from "../db/client.server";
import { getActiveUser, type User } from "../models/users.server";
import { bearerToken, readCookie, SESSION_COOKIE, verifyTokenClaims } from "./tokens.server";

/**
 * The signed-in user of this journal from `Authorization: Bearer` (API clients) or the HttpOnly
 * session cookie (the admin's browser), or null. Used by the API middleware and admin loaders.
 */
export async function sessionUser(env: Env, journalId: number, request: Request): Promise<User | null> {
  const token = bearerToken(request) ?? readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const claims = await verifyTokenClaims(env, journalId, token);
  if (!claims) return null;
  const user = await getActiveUser(getDb(env.DB), journalId, claims.userId);
  // A token from before the user's last sign-out or password reset is revoked.
  return user && user.sessionEpoch === claims.epoch ? user : null;
}
