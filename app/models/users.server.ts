import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { loginAttempts, users } from "../db/schema";
import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from "../lib/password.server";

export type User = typeof users.$inferSelect;
/** A user as the API returns it: never the hash. */
export type PublicUser = Omit<User, "passwordHash">;

export function toPublicUser(user: User): PublicUser {
  const { passwordHash: _omit, ...rest } = user;
  return rest;
}

export async function findUserByUsername(db: Db, journalId: number, username: string) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.journalId, journalId), eq(users.username, username)))
    .limit(1);
  return rows[0];
}

export async function getUser(db: Db, journalId: number, id: number) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.journalId, journalId), eq(users.id, id)))
    .limit(1);
  return rows[0];
}

/** Creates the user, or resets the password/name/status of an existing one with that username. */
export async function upsertUser(
  db: Db,
  journalId: number,
  input: { username: string; password: string; name?: string; status?: "enabled" | "disabled"; allowedIps?: string },
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({
      journalId,
      username: input.username,
      name: input.name ?? input.username,
      passwordHash,
      status: input.status ?? "enabled",
      allowedIps: input.allowedIps ?? "",
    })
    .onConflictDoUpdate({
      target: [users.journalId, users.username],
      set: {
        passwordHash,
        // A reset password ends every session of the old one.
        sessionEpoch: sql`${users.sessionEpoch} + 1`,
        name: input.name ?? input.username,
        status: input.status ?? "enabled",
        allowedIps: input.allowedIps ?? "",
      },
    })
    .returning();
  return row;
}

// ---- Sign-in -------------------------------------------------------------------------------

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;

export type LoginFailure = "invalid_credentials" | "disabled" | "invalid_ip" | "too_many_attempts";
export type LoginResult = { ok: true; user: User } | { ok: false; error: LoginFailure };

// A hash of a random password: unknown usernames still cost one PBKDF2 run, so response time
// does not reveal which usernames exist.
let dummyHash: Promise<string> | null = null;

function ipAllowed(allowedIps: string, ip: string): boolean {
  const list = allowedIps
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length === 0 || list.includes(ip);
}

/**
 * Checks a sign-in: throttled per IP and per username (10 failures in 15 minutes → refused),
 * same answer for unknown user and wrong password, then account status and allowed IPs.
 *
 * `device` is the id of a valid device cookie for this username (app/auth/tokens.server.ts):
 * such an attempt — a browser that signed in as this user before — is counted against that
 * device instead of the username, so failures of strangers (which lock the username) do not
 * lock the owner's browser out, and its own failures lock only itself. The per-IP limit
 * applies to every attempt.
 */
export async function attemptLogin(
  db: Db,
  journalId: number,
  input: { username: string; password: string; ip: string; device?: string | null },
  now = Date.now(),
): Promise<LoginResult> {
  const since = now - LOGIN_WINDOW_MS;
  const username = input.username.slice(0, 200);
  const device = (input.device ?? "").slice(0, 64);
  // The attempt is written BEFORE the password is checked and counted with the others in the
  // same batch, so parallel attempts see each other: a burst cannot slip more than the limit
  // through. Only a wrong password keeps its row; any other outcome removes it again. Old rows
  // of this journal are pruned on the way.
  const [inserted, byIp, byUser] = await db.batch([
    db.insert(loginAttempts).values({ journalId, ip: input.ip, username, device, at: now }).returning({ id: loginAttempts.id }),
    db
      .select({ n: sql<number>`count(*)` })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.journalId, journalId), eq(loginAttempts.ip, input.ip), gt(loginAttempts.at, since))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.journalId, journalId),
          device ? eq(loginAttempts.device, device) : and(eq(loginAttempts.username, username), eq(loginAttempts.device, "")),
          gt(loginAttempts.at, since),
        ),
      ),
    db.delete(loginAttempts).where(and(eq(loginAttempts.journalId, journalId), lt(loginAttempts.at, since))),
  ]);
  const attempt = inserted[0].id;
  const forget = () => db.delete(loginAttempts).where(eq(loginAttempts.id, attempt));
  // The counts include this attempt: the 11th within the window is refused.
  if ((byIp[0]?.n ?? 0) > LOGIN_MAX_FAILURES || (byUser[0]?.n ?? 0) > LOGIN_MAX_FAILURES) {
    await forget();
    return { ok: false, error: "too_many_attempts" };
  }

  const user = await findUserByUsername(db, journalId, input.username);
  const passwordOk =
    input.password.length <= MAX_PASSWORD_LENGTH &&
    (user
      ? await verifyPassword(input.password, user.passwordHash)
      : (await verifyPassword(input.password, await (dummyHash ??= hashPassword(crypto.randomUUID()))), false));
  if (!user || !passwordOk) return { ok: false, error: "invalid_credentials" };
  if (user.status !== "enabled") {
    await forget();
    return { ok: false, error: "disabled" };
  }
  if (!ipAllowed(user.allowedIps, input.ip)) {
    await forget();
    return { ok: false, error: "invalid_ip" };
  }
  // Success forgets this device's failures, or (without a device cookie) the username's.
  await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.journalId, journalId),
        device ? eq(loginAttempts.device, device) : and(eq(loginAttempts.username, username), eq(loginAttempts.device, "")),
      ),
    );
  return { ok: true, user };
}

/** An enabled user of this journal by id (what a valid token's `sub` must point at). */
export async function getActiveUser(db: Db, journalId: number, id: number): Promise<User | undefined> {
  const user = await getUser(db, journalId, id);
  return user && user.status === "enabled" ? user : undefined;
}
