/**
 * Two-factor sign-in per staff user (docs/decisions/025-two-factor.md): setting it up with a
 * first code, the ten recovery codes (only their hashes are stored), turning it off, and
 * checking a code at sign-in so that no code — app or recovery — works twice. Every change is
 * written with its history entry in one D1 batch.
 */
import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { staffRecoveryCodes, users } from "../db/schema";
import { cleanRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret } from "../lib/totp";
import { historyInsert, historyInsertWhen, sha256Hex, staffActor, type Actor } from "./history.server";
import type { User } from "./users.server";

const codeHash = (clean: string) => sha256Hex(new TextEncoder().encode(`recovery:${clean}`));

/** The rows of new recovery codes (hashes only). Not a query: a drizzle query is a thenable, which an async function would run. */
async function recoveryRows(journalId: number, userId: number, codes: string[]) {
  const hashes = await Promise.all(codes.map((c) => codeHash(cleanRecoveryCode(c)!)));
  return hashes.map((codeHash) => ({ journalId, userId, codeHash }));
}

const ofUser = (journalId: number, userId: number) => and(eq(users.journalId, journalId), eq(users.id, userId));
const codesOf = (journalId: number, userId: number) => and(eq(staffRecoveryCodes.journalId, journalId), eq(staffRecoveryCodes.userId, userId));

/** A new secret for the user's authenticator app, kept as pending until a first code confirms it. */
export async function startTotpSetup(db: Db, journalId: number, userId: number): Promise<string> {
  const secret = newTotpSecret();
  await db.update(users).set({ totpPending: secret }).where(ofUser(journalId, userId));
  return secret;
}

/** Forgets a secret that was shown but never confirmed (nothing changed for signing in, so no history). */
export async function cancelTotpSetup(db: Db, journalId: number, userId: number): Promise<void> {
  await db.update(users).set({ totpPending: "" }).where(and(ofUser(journalId, userId), eq(users.totpSecret, "")));
}

/**
 * Turns two-factor sign-in on when `code` is a current code of the pending secret: the secret
 * becomes the user's, the code's step is used up, ten recovery codes replace any earlier ones.
 * Answers the recovery codes (shown once) or null for a wrong code.
 */
export async function confirmTotpSetup(db: Db, journalId: number, user: User, code: string, now = Date.now()): Promise<string[] | null> {
  if (!user.totpPending) return null;
  const step = await matchTotp(user.totpPending, code, now, 0);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const rows = await recoveryRows(journalId, user.id, codes);
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ totpSecret: user.totpPending, totpPending: "", totpLastStep: step, totpEnabledAt: now })
      .where(and(ofUser(journalId, user.id), eq(users.totpPending, user.totpPending)))
      .returning({ id: users.id }),
    db.delete(staffRecoveryCodes).where(codesOf(journalId, user.id)),
    db.insert(staffRecoveryCodes).values(rows),
    historyInsert(db, journalId, { actor: staffActor(user), action: "two_factor_enabled", type: "user", id: user.id }),
  ]);
  return updated.length ? codes : null;
}

/**
 * Turns two-factor sign-in off for the user (by themselves, or by an admin for a colleague who
 * lost the app and the codes): secret, pending secret and recovery codes go.
 */
export async function disableTwoFactor(db: Db, journalId: number, userId: number, actor: Actor, action = "two_factor_disabled"): Promise<void> {
  await db.batch([
    db.update(users).set({ totpSecret: "", totpPending: "", totpLastStep: 0, totpEnabledAt: null }).where(ofUser(journalId, userId)),
    db.delete(staffRecoveryCodes).where(codesOf(journalId, userId)),
    historyInsert(db, journalId, { actor, action, type: "user", id: userId }),
  ]);
}

/** Ten new recovery codes in place of the old ones (shown once). */
export async function renewRecoveryCodes(db: Db, journalId: number, user: User): Promise<string[]> {
  const codes = newRecoveryCodes();
  const rows = await recoveryRows(journalId, user.id, codes);
  await db.batch([
    db.delete(staffRecoveryCodes).where(codesOf(journalId, user.id)),
    db.insert(staffRecoveryCodes).values(rows),
    historyInsert(db, journalId, { actor: staffActor(user), action: "recovery_codes_renewed", type: "user", id: user.id }),
  ]);
  return codes;
}

/** How many of the user's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db, journalId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(codesOf(journalId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * The second factor at sign-in: a current code of the user's app whose time step is later than
 * the last one accepted (claimed with a conditional update, so two requests with the same code
 * cannot both win), or an unused recovery code (marked used the same way, recorded in the
 * history in the same batch).
 */
export async function verifySecondFactor(
  db: Db,
  journalId: number,
  user: User,
  code: string,
  now = Date.now(),
): Promise<{ ok: true; recoveryCodesLeft?: number } | { ok: false }> {
  if (!user.totpSecret) return { ok: false };
  const step = await matchTotp(user.totpSecret, code, now, user.totpLastStep);
  if (step !== null) {
    const claimed = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(ofUser(journalId, user.id), lt(users.totpLastStep, step), eq(users.totpSecret, user.totpSecret)))
      .returning({ id: users.id });
    return claimed.length ? { ok: true } : { ok: false };
  }
  const clean = cleanRecoveryCode(code);
  if (!clean) return { ok: false };
  const hash = await codeHash(clean);
  const [used, , left] = await db.batch([
    db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(and(codesOf(journalId, user.id), eq(staffRecoveryCodes.codeHash, hash), isNull(staffRecoveryCodes.usedAt)))
      .returning({ id: staffRecoveryCodes.id }),
    // Written only when the update above took the code (changes() is its row count: D1 runs a
    // batch as one transaction).
    historyInsertWhen(db, journalId, { actor: staffActor(user), action: "recovery_code_used", type: "user", id: user.id }, sql`changes() > 0`),
    db.select({ n: count() }).from(staffRecoveryCodes).where(and(codesOf(journalId, user.id), isNull(staffRecoveryCodes.usedAt))),
  ]);
  return used.length ? { ok: true, recoveryCodesLeft: left[0]?.n ?? 0 } : { ok: false };
}

