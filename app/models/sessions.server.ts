import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { staffSessions, users } from "../db/schema";
import type { User } from "./users.server";
import { historyInsert, staffActor } from "./history.server";

/**
 * Staff sessions, one row per signed-in browser or API client (docs/decisions/
 * 011-sessions-per-browser.md). A token names its row (`sid`); deleting the row ends that
 * session only. The user's session epoch still ends every session at once.
 */

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Opens a session for a user who just signed in, with its history entry (`sign_in`); expired
 * rows of the journal are pruned on the way.
 */
export async function createSession(db: Db, journalId: number, user: Pick<User, "id" | "username">, maxMs: number, now = Date.now()) {
  const session = { id: newSessionId(), journalId, userId: user.id, createdAt: now, expiresAt: now + maxMs };
  await db.batch([
    db.insert(staffSessions).values(session),
    db.delete(staffSessions).where(and(eq(staffSessions.journalId, journalId), lt(staffSessions.expiresAt, now))),
    historyInsert(db, journalId, { actor: staffActor(user), action: "sign_in", type: "user", id: user.id }),
  ]);
  return session;
}

/** The enabled user of a live session of this journal (one query), with the session's absolute end. */
export async function sessionUserRow(
  db: Db,
  journalId: number,
  sessionId: string,
  userId: number,
  now = Date.now(),
): Promise<{ user: User; expiresAt: number } | undefined> {
  const rows = await db
    .select({ user: users, expiresAt: staffSessions.expiresAt })
    .from(staffSessions)
    .innerJoin(users, and(eq(users.id, staffSessions.userId), eq(users.journalId, staffSessions.journalId)))
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.journalId, journalId),
        eq(staffSessions.userId, userId),
        gt(staffSessions.expiresAt, now),
        eq(users.status, "enabled"),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Signs this browser out: its session row goes, every other session of the user stays. */
export async function endSession(db: Db, journalId: number, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.id, sessionId)));
}

/**
 * Signs the user out everywhere: every session row goes and the epoch moves on (so tokens from
 * before sessions had rows stop verifying too).
 */
export async function endAllSessions(db: Db, journalId: number, userId: number): Promise<void> {
  await db.batch([
    db.delete(staffSessions).where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.userId, userId))),
    db
      .update(users)
      .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
      .where(and(eq(users.journalId, journalId), eq(users.id, userId))),
  ]);
}

/**
 * Stores a new password hash and ends every other session of the user, in one batch; this
 * browser's session (`keepSessionId`) stays. Returns the user's new session epoch, which the
 * caller puts in this browser's new token.
 */
export async function changePasswordKeepingSession(
  db: Db,
  journalId: number,
  user: Pick<User, "id" | "username">,
  passwordHash: string,
  keepSessionId: string,
): Promise<number | undefined> {
  const userId = user.id;
  const [, updated] = await db.batch([
    db
      .delete(staffSessions)
      .where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.userId, userId), ne(staffSessions.id, keepSessionId))),
    db
      .update(users)
      .set({ passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1` })
      .where(and(eq(users.journalId, journalId), eq(users.id, userId)))
      .returning({ epoch: users.sessionEpoch }),
    historyInsert(db, journalId, { actor: staffActor(user), action: "password_change", type: "user", id: userId }),
  ]);
  return updated[0]?.epoch;
}

/** How many live sessions the user has (tests, and the account page's "signed in on N devices"). */
export async function countSessions(db: Db, journalId: number, userId: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(staffSessions)
    .where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.userId, userId), gt(staffSessions.expiresAt, now)));
  return Number(row?.n ?? 0);
}
