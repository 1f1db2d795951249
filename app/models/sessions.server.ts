import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { staffSessions, users } from "../db/schema";
import { historyInsert, staffActor, type FieldChange } from "./history.server";
import type { User } from "./users.server";

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
 * Opens a session for a user who just signed in, notes the time on the user (the Staff list's
 * "last sign-in") and records the sign-in in the journal's history, in one batch; expired rows
 * of the journal are pruned on the way. `how` says what the history should know beyond the
 * password ("app code", "recovery code", "api").
 */
export async function createSession(
  db: Db,
  journalId: number,
  user: Pick<User, "id" | "username">,
  maxMs: number,
  how: Record<string, FieldChange> = {},
  now = Date.now(),
) {
  const session = { id: newSessionId(), journalId, userId: user.id, createdAt: now, expiresAt: now + maxMs };
  await db.batch([
    db.insert(staffSessions).values(session),
    db.delete(staffSessions).where(and(eq(staffSessions.journalId, journalId), lt(staffSessions.expiresAt, now))),
    db.update(users).set({ lastSignInAt: now }).where(and(eq(users.journalId, journalId), eq(users.id, user.id))),
    historyInsert(db, journalId, { actor: staffActor(user), action: "sign_in", type: "user", id: user.id, fields: how }),
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
 * Signs the user out everywhere: every session row goes and the epoch moves on, so tokens from
 * before sessions had rows stop verifying too, and so do the user's device cookies (they count
 * against the username lock only while their epoch is the user's).
 */
export async function endAllSessions(db: Db, journalId: number, user: Pick<User, "id" | "username">): Promise<void> {
  await db.batch([
    db.delete(staffSessions).where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.userId, user.id))),
    db
      .update(users)
      .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
      .where(and(eq(users.journalId, journalId), eq(users.id, user.id))),
    historyInsert(db, journalId, { actor: staffActor(user), action: "sign_out_everywhere", type: "user", id: user.id }),
  ]);
}

/**
 * Stores a new password hash and ends every other session of the user, in one batch with its
 * history entry; this browser's session (`keepSessionId`) stays. Returns the user's new session
 * epoch, which the caller puts in this browser's new token (and its new device cookie: the
 * others stop counting).
 */
export async function changePasswordKeepingSession(
  db: Db,
  journalId: number,
  user: Pick<User, "id" | "username">,
  passwordHash: string,
  keepSessionId: string,
): Promise<number | undefined> {
  const [, updated] = await db.batch([
    db
      .delete(staffSessions)
      .where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.userId, user.id), ne(staffSessions.id, keepSessionId))),
    db
      .update(users)
      .set({ passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1` })
      .where(and(eq(users.journalId, journalId), eq(users.id, user.id)))
      .returning({ epoch: users.sessionEpoch }),
    historyInsert(db, journalId, { actor: staffActor(user), action: "password_change", type: "user", id: user.id }),
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
