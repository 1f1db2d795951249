import { and, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { loginAttempts, users } from "../db/schema";
import { hashPassword, verifyPassword } from "../lib/password.server";
import { MAX_PASSWORD_LENGTH } from "../schemas/password";
import { historyInsert } from "./history.server";
import { verifySecondFactor } from "./two-factor.server";

export type User = typeof users.$inferSelect;

/** A user as the API returns it: never the password hash or the two-factor secrets. */
type PublicUser = Omit<User, "passwordHash" | "totpSecret" | "totpPending" | "totpLastStep"> & { twoFactor: boolean };

export function toPublicUser(user: User): PublicUser {
  const { passwordHash: _hash, totpSecret, totpPending: _pending, totpLastStep: _step, ...rest } = user;
  return { ...rest, twoFactor: totpSecret !== "" };
}

/** The journal's user that `match` picks (by username or by id), or undefined. */
async function findUser(db: Db, journalId: number, match: SQL) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.journalId, journalId), match))
    .limit(1);
  return row;
}

/** Creates the user, or resets the password/name/status (and, when given, role) of an existing one with that username. */
export async function upsertUser(
  db: Db,
  journalId: number,
  input: { username: string; password: string; name?: string; status?: "enabled" | "disabled"; allowedIps?: string; role?: "admin" | "editor" },
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
      role: input.role ?? "admin",
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
        ...(input.role ? { role: input.role } : {}),
      },
    })
    .returning();
  return row;
}

// ---- Sign-in -------------------------------------------------------------------------------

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_MAX_FAILURES = 10;

type LoginFailure = "invalid_credentials" | "disabled" | "invalid_ip" | "too_many_attempts" | "two_factor_required" | "invalid_code";
export type LoginResult =
  | { ok: true; user: User; recoveryCodesLeft?: number }
  | { ok: false; error: LoginFailure; /** The user whose password was right, when a code is still needed. */ user?: User };

/**
 * A device cookie's claims (app/auth/tokens.server.ts): its id and the user's session epoch
 * when it was issued. It counts only while the epoch is still the user's: signing out
 * everywhere, a password change or reset and disabling the user all move the epoch on, so every
 * device cookie issued before stops helping against the username lock.
 */
interface DeviceClaim {
  id: string;
  epoch: number;
}

// A hash of a random password: unknown usernames (and accounts that have no password yet) still
// cost one PBKDF2 run, so response time does not reveal which usernames exist.
let dummyHash: Promise<string> | null = null;

function ipAllowed(allowedIps: string, ip: string): boolean {
  const list = allowedIps
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length === 0 || list.includes(ip);
}

type Bucket = { journalId: number; ip: string; username: string; device: string };

const sameBucket = (b: Bucket) =>
  and(
    eq(loginAttempts.journalId, b.journalId),
    b.device ? eq(loginAttempts.device, b.device) : and(eq(loginAttempts.username, b.username), eq(loginAttempts.device, "")),
  );

/**
 * Writes an attempt BEFORE anything is checked and counts it with the others in the same
 * batch, so parallel attempts see each other: a burst cannot slip more than the limit through.
 * Old rows of this journal are pruned on the way. The counts include this attempt.
 */
async function recordAttempt(db: Db, b: Bucket, now: number): Promise<{ id: number; over: boolean; failures: number }> {
  const since = now - LOGIN_WINDOW_MS;
  const [inserted, byIp, byBucket] = await db.batch([
    db.insert(loginAttempts).values({ journalId: b.journalId, ip: b.ip, username: b.username, device: b.device, at: now }).returning({ id: loginAttempts.id }),
    db
      .select({ n: sql<number>`count(*)` })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.journalId, b.journalId), eq(loginAttempts.ip, b.ip), gt(loginAttempts.at, since))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(loginAttempts)
      .where(and(sameBucket(b), gt(loginAttempts.at, since))),
    db.delete(loginAttempts).where(and(eq(loginAttempts.journalId, b.journalId), lt(loginAttempts.at, since))),
  ]);
  const failures = Math.max(byIp[0]?.n ?? 0, byBucket[0]?.n ?? 0);
  // The 11th within the window is refused.
  return { id: inserted[0].id, over: failures > LOGIN_MAX_FAILURES, failures };
}

const forgetAttempt = (db: Db, id: number) => db.delete(loginAttempts).where(eq(loginAttempts.id, id));

/**
 * A failed sign-in of an existing account, in the journal's history (an attempt at an unknown
 * username is not: anyone can make those up); the failure that reaches the limit also records
 * the lock-out. At most LOGIN_MAX_FAILURES per username (or device) and window get this far.
 */
async function recordFailure(db: Db, journalId: number, user: User | undefined, b: Bucket, reason: "password" | "code", failures: number) {
  if (!user) return;
  const fields = { reason: { after: reason }, ip: { after: b.ip }, ...(b.device ? { device: { after: "known browser" } } : {}) };
  const entries = [historyInsert(db, journalId, { actor: { kind: "anonymous", username: user.username }, action: "sign_in_failed", type: "user", id: user.id, fields })];
  if (failures === LOGIN_MAX_FAILURES) {
    entries.push(historyInsert(db, journalId, { actor: { kind: "anonymous", username: user.username }, action: "sign_in_locked", type: "user", id: user.id, fields: { ip: { after: b.ip }, minutes: { after: LOGIN_WINDOW_MS / 60000 } } }));
  }
  await db.batch(entries as [(typeof entries)[number], ...(typeof entries)[number][]]);
}

/**
 * Checks a sign-in: throttled per IP and per username (10 failures in 15 minutes → refused),
 * same answer for unknown user and wrong password, then account status, allowed IPs and — for
 * a user with two-factor sign-in — the code from the authenticator app or a recovery code.
 *
 * `device` is the claim of a valid device cookie for this username: such an attempt — a browser
 * that signed in as this user before, and not since signed out everywhere — is counted against
 * that device instead of the username, so failures of strangers (which lock the username) do not
 * lock the owner's browser out, and its own failures lock only itself. The per-IP limit applies
 * to every attempt.
 *
 * A right password without a code answers `two_factor_required` and is not a failure — but it
 * clears nothing either: only a complete sign-in forgets the failures, so knowing the password
 * buys no more guesses at the code. A wrong code is a failure like a wrong password.
 */
export async function attemptLogin(
  db: Db,
  journalId: number,
  input: { username: string; password: string; code?: string; ip: string; device?: DeviceClaim | null },
  now = Date.now(),
): Promise<LoginResult> {
  const username = input.username.slice(0, 200);
  const user = await findUser(db, journalId, eq(users.username, input.username));
  const device = input.device && user && input.device.epoch === user.sessionEpoch ? input.device.id.slice(0, 64) : "";
  const bucket = { journalId, ip: input.ip, username, device };
  const attempt = await recordAttempt(db, bucket, now);
  if (attempt.over) {
    await forgetAttempt(db, attempt.id);
    return { ok: false, error: "too_many_attempts" };
  }
  const passwordOk =
    input.password.length <= MAX_PASSWORD_LENGTH &&
    (user?.passwordHash
      ? await verifyPassword(input.password, user.passwordHash)
      : (await verifyPassword(input.password, await (dummyHash ??= hashPassword(crypto.randomUUID()))), false));
  if (!user || !passwordOk) {
    await recordFailure(db, journalId, user, bucket, "password", attempt.failures);
    return { ok: false, error: "invalid_credentials" };
  }
  if (user.status !== "enabled") {
    await forgetAttempt(db, attempt.id);
    return { ok: false, error: "disabled" };
  }
  if (!ipAllowed(user.allowedIps, input.ip)) {
    await forgetAttempt(db, attempt.id);
    return { ok: false, error: "invalid_ip" };
  }
  if (user.totpSecret) {
    if (!input.code?.trim()) {
      await forgetAttempt(db, attempt.id);
      return { ok: false, error: "two_factor_required", user };
    }
    return finishSecondFactor(db, journalId, user, input.code, bucket, attempt.failures, now);
  }
  // Success forgets this device's failures, or (without a device cookie) the username's.
  await db.delete(loginAttempts).where(sameBucket(bucket));
  return { ok: true, user };
}

async function finishSecondFactor(db: Db, journalId: number, user: User, code: string, bucket: Bucket, failures: number, now: number): Promise<LoginResult> {
  const second = await verifySecondFactor(db, journalId, user, code, now);
  if (!second.ok) {
    await recordFailure(db, journalId, user, bucket, "code", failures);
    return { ok: false, error: "invalid_code" };
  }
  await db.delete(loginAttempts).where(sameBucket(bucket));
  return { ok: true, user, recoveryCodesLeft: second.recoveryCodesLeft };
}

/**
 * The second step of the sign-in page: the code of a user whose password was checked a moment
 * ago (the page carries that in a short-lived signed token; `epoch` is the user's session epoch
 * then). Throttled and counted exactly like a sign-in; a user who was disabled, reset or signed
 * out everywhere since — or who turned two-factor sign-in off — must start again (`expired`).
 */
export async function attemptSecondFactor(
  db: Db,
  journalId: number,
  input: { userId: number; epoch: number; code: string; ip: string; device?: DeviceClaim | null },
  now = Date.now(),
): Promise<LoginResult | { ok: false; error: "expired" }> {
  const user = await findUser(db, journalId, eq(users.id, input.userId));
  if (!user || user.status !== "enabled" || user.sessionEpoch !== input.epoch || !user.totpSecret) return { ok: false, error: "expired" };
  const device = input.device && input.device.epoch === user.sessionEpoch ? input.device.id.slice(0, 64) : "";
  const bucket = { journalId, ip: input.ip, username: user.username.slice(0, 200), device };
  const attempt = await recordAttempt(db, bucket, now);
  if (attempt.over) {
    await forgetAttempt(db, attempt.id);
    return { ok: false, error: "too_many_attempts" };
  }
  if (!ipAllowed(user.allowedIps, input.ip)) {
    await forgetAttempt(db, attempt.id);
    return { ok: false, error: "invalid_ip" };
  }
  return finishSecondFactor(db, journalId, user, input.code, bucket, attempt.failures, now);
}

/**
 * The current password of a signed-in user (Account page: change password, two-factor
 * changes), checked like a sign-in and throttled the same way — counted against this session,
 * so an unattended signed-in browser is no faster way to guess it.
 */
export async function checkCurrentPassword(
  db: Db,
  journalId: number,
  input: { user: User; password: string; ip: string; sessionId: string },
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; error: "invalid_credentials" | "too_many_attempts" }> {
  const bucket = { journalId, ip: input.ip, username: input.user.username.slice(0, 200), device: `session:${input.sessionId}`.slice(0, 64) };
  const attempt = await recordAttempt(db, bucket, now);
  if (attempt.over) {
    await forgetAttempt(db, attempt.id);
    return { ok: false, error: "too_many_attempts" };
  }
  const ok = input.password.length <= MAX_PASSWORD_LENGTH && !!input.user.passwordHash && (await verifyPassword(input.password, input.user.passwordHash));
  if (!ok) return { ok: false, error: "invalid_credentials" };
  await db.delete(loginAttempts).where(sameBucket(bucket));
  return { ok: true };
}
