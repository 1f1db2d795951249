import { getDb } from "../db/client.server";
import { getActiveUser, type User } from "../models/users.server";
import { bearerToken, readCookie, SESSION_COOKIE, verifyToken } from "./auth.server";

/**
 * The signed-in user of this journal from `Authorization: Bearer` (API clients) or the HttpOnly
 * session cookie (the admin's browser), or null. Used by the API middleware and admin loaders.
 */
export async function sessionUser(env: Env, journalId: number, request: Request): Promise<User | null> {
  const token = bearerToken(request) ?? readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const userId = await verifyToken(env, journalId, token);
  if (!userId) return null;
  return (await getActiveUser(getDb(env.DB), journalId, userId)) ?? null;
}
