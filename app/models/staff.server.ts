/**
 * A journal's staff accounts as its admins manage them (docs/decisions/024-staff-roles.md): the
 * list, adding a colleague, roles, enabling and disabling (which ends every session of the user
 * at once), one-time set-password links, and the journal's two-factor requirement. Each change is
 * one D1 batch with its history entry. The rules on input live in app/schemas/staff.ts; the
 * page and the API call the use-cases in app/models/staff-accounts.server.ts.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { isUniqueViolation } from "../db/errors.server";
import { loginAttempts, settings, staffPasswordLinks, staffSessions, users } from "../db/schema";
import type { StaffRole } from "../schemas/staff";
import { actorLabel, changedFields, historyInsert, historyInsertWhen, sha256Hex, staffActor, type Actor } from "./history.server";
import type { User } from "./users.server";

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 24;

export interface StaffMember {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
  status: "enabled" | "disabled";
  lastSignInAt: number | null;
  creation: string;
  twoFactor: boolean;
  /** False until the colleague has set a password through their link. */
  hasPassword: boolean;
  /** When the newest unused link expires (null: no live link). */
  linkExpiresAt: number | null;
}

const ofJournal = (journalId: number) => eq(users.journalId, journalId);
const ofUser = (journalId: number, userId: number) => and(eq(users.journalId, journalId), eq(users.id, userId));

/** Every staff account of the journal (or the one with `onlyId`): admins first, then by name. */
export async function listStaff(db: Db, journalId: number, now = Date.now(), onlyId?: number): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      role: users.role,
      status: users.status,
      lastSignInAt: users.lastSignInAt,
      creation: users.creation,
      twoFactor: sql<number>`${users.totpSecret} <> ''`,
      hasPassword: sql<number>`${users.passwordHash} <> ''`,
      // Written out: drizzle names a column without its table inside a select, which the subquery would read as its own.
      linkExpiresAt: sql<number | null>`(select max(l.expires_at) from staff_password_links l where l.journal_id = users.journal_id and l.user_id = users.id and l.used_at is null and l.expires_at > ${now})`,
    })
    .from(users)
    .where(onlyId === undefined ? ofJournal(journalId) : ofUser(journalId, onlyId))
    .orderBy(sql`case ${users.role} when 'admin' then 0 else 1 end`, sql`lower(${users.name})`, users.id);
  return rows.map((r) => ({ ...r, twoFactor: !!r.twoFactor, hasPassword: !!r.hasPassword }));
}

export async function getStaffMember(db: Db, journalId: number, id: number, now = Date.now()): Promise<StaffMember | undefined> {
  return (await listStaff(db, journalId, now, id))[0];
}

/** A link token: 256 random bits, base64url. Only its SHA-256 is stored. */
function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const linkTokenHash = (token: string) => sha256Hex(new TextEncoder().encode(`set-password:${token}`));

/** The statements of a new link for a user: older unused links of the user stop working. */
async function linkStatements(db: Db, journalId: number, userId: number, createdBy: string, now: number) {
  const token = newLinkToken();
  const expiresAt = now + PASSWORD_LINK_HOURS * 3600 * 1000;
  const statements = [
    db
      .update(staffPasswordLinks)
      .set({ expiresAt: now })
      .where(and(eq(staffPasswordLinks.journalId, journalId), eq(staffPasswordLinks.userId, userId), isNull(staffPasswordLinks.usedAt), gt(staffPasswordLinks.expiresAt, now))),
    db.insert(staffPasswordLinks).values({ journalId, userId, tokenHash: await linkTokenHash(token), createdAt: now, expiresAt, createdBy }),
  ] as const;
  return { token, expiresAt, statements };
}

const createdByOf = (actor: Actor) => actorLabel(actor);

type CreateStaffResult = { ok: true; user: StaffMember; token: string; expiresAt: number } | { ok: false; error: "username_taken" };

/**
 * Adds a colleague with no password yet and a set-password link for them, with its history
 * entry, in one batch (the new row's id is read by subqueries inside it). A username that differs
 * from an existing one only in case is taken too: people type sign-in names. Two admins adding
 * the same name at once meet the unique index, and the second batch changes nothing.
 */
export async function createStaffUser(
  db: Db,
  journalId: number,
  actor: Actor,
  input: { username: string; name: string; role: StaffRole },
  now = Date.now(),
): Promise<CreateStaffResult> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ofJournal(journalId), sql`lower(${users.username}) = lower(${input.username})`))
    .limit(1);
  if (taken) return { ok: false, error: "username_taken" };
  const token = newLinkToken();
  const expiresAt = now + PASSWORD_LINK_HOURS * 3600 * 1000;
  const newId = sql`(select id from users where journal_id = ${journalId} and username = ${input.username})`;
  try {
    await db.batch([
      db.insert(users).values({ journalId, username: input.username, name: input.name, passwordHash: "", status: "enabled", role: input.role }),
      db.insert(staffPasswordLinks).values({ journalId, userId: newId as unknown as number, tokenHash: await linkTokenHash(token), createdAt: now, expiresAt, createdBy: createdByOf(actor) }),
      historyInsert(db, journalId, {
        actor,
        action: "create",
        type: "user",
        id: sql`(select cast(id as text) from users where journal_id = ${journalId} and username = ${input.username})`,
        fields: changedFields(null, { username: input.username, name: input.name, role: input.role }),
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "username_taken" };
    throw error;
  }
  const [created] = (await listStaff(db, journalId, now)).filter((m) => m.username === input.username);
  return { ok: true, user: created, token, expiresAt };
}

export type StaffChangeError = "not_found" | "self" | "last_admin";

/**
 * Changes a colleague's role. An admin cannot change their own role, and the journal always keeps
 * one enabled admin: the update only happens while another enabled admin exists (checked in the
 * same statement, so two admins demoting each other at once cannot both succeed).
 */
export async function setStaffRole(db: Db, journalId: number, actor: User, targetId: number, role: StaffRole): Promise<{ ok: true; user: StaffMember } | { ok: false; error: StaffChangeError }> {
  if (targetId === actor.id) return { ok: false, error: "self" };
  const target = await getStaffMember(db, journalId, targetId);
  if (!target) return { ok: false, error: "not_found" };
  if (target.role === role) return { ok: true, user: target };
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ role })
      .where(and(ofUser(journalId, targetId), role === "editor" ? otherEnabledAdmin(journalId, targetId) : undefined))
      .returning({ id: users.id }),
    historyInsertWhen(
      db,
      journalId,
      { actor: staffActor(actor), action: "update", type: "user", id: targetId, fields: changedFields({ role: target.role }, { role }) },
      sql`changes() > 0`,
    ),
  ]);
  if (!updated.length) return { ok: false, error: "last_admin" };
  return { ok: true, user: (await getStaffMember(db, journalId, targetId))! };
}

const otherEnabledAdmin = (journalId: number, exceptId: number) =>
  sql`exists (select 1 from users o where o.journal_id = ${journalId} and o.id <> ${exceptId} and o.role = 'admin' and o.status = 'enabled')`;

/**
 * Enables or disables a colleague. Disabling ends every session of the user at once (rows
 * deleted, session epoch moved on: tokens and device cookies stop working) — in the same batch.
 */
export async function setStaffStatus(
  db: Db,
  journalId: number,
  actor: User,
  targetId: number,
  status: "enabled" | "disabled",
): Promise<{ ok: true; user: StaffMember } | { ok: false; error: StaffChangeError }> {
  if (targetId === actor.id) return { ok: false, error: "self" };
  const target = await getStaffMember(db, journalId, targetId);
  if (!target) return { ok: false, error: "not_found" };
  if (target.status === status) return { ok: true, user: target };
  const disabling = status === "disabled";
  const changed = sql`exists (select 1 from users where journal_id = ${journalId} and id = ${targetId} and status = ${status})`;
  const [updated] = await db.batch([
    db
      .update(users)
      .set(disabling ? { status, sessionEpoch: sql`${users.sessionEpoch} + 1` } : { status })
      .where(and(ofUser(journalId, targetId), disabling && target.role === "admin" ? otherEnabledAdmin(journalId, targetId) : undefined))
      .returning({ id: users.id }),
    // Disabled: every session ends with the change (its tokens already fail on the status).
    db.delete(staffSessions).where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.userId, targetId), disabling ? changed : sql`0`)),
    historyInsertWhen(
      db,
      journalId,
      { actor: staffActor(actor), action: "update", type: "user", id: targetId, fields: changedFields({ status: target.status }, { status }) },
      changed,
    ),
  ]);
  if (!updated.length) return { ok: false, error: "last_admin" };
  return { ok: true, user: (await getStaffMember(db, journalId, targetId))! };
}

/** A new one-time set-password link for a colleague (replacing any earlier unused one). */
export async function newPasswordLink(
  db: Db,
  journalId: number,
  actor: Actor,
  targetId: number,
  now = Date.now(),
): Promise<{ ok: true; user: StaffMember; token: string; expiresAt: number } | { ok: false; error: "not_found" | "disabled" }> {
  const target = await getStaffMember(db, journalId, targetId, now);
  if (!target) return { ok: false, error: "not_found" };
  if (target.status !== "enabled") return { ok: false, error: "disabled" };
  const link = await linkStatements(db, journalId, targetId, createdByOf(actor), now);
  await db.batch([
    ...link.statements,
    historyInsert(db, journalId, { actor, action: "password_reset_link", type: "user", id: targetId, fields: { expires: { after: new Date(link.expiresAt).toISOString() } } }),
  ]);
  return { ok: true, user: (await getStaffMember(db, journalId, targetId, now))!, token: link.token, expiresAt: link.expiresAt };
}

/** The set-password link of this journal with this token, unused and unexpired. */
async function workingLink(journalId: number, token: string, now: number) {
  return and(
    eq(staffPasswordLinks.journalId, journalId),
    eq(staffPasswordLinks.tokenHash, await linkTokenHash(token)),
    isNull(staffPasswordLinks.usedAt),
    gt(staffPasswordLinks.expiresAt, now),
  );
}

/** The account a set-password link is for, while the link works (unused, not expired, account enabled). */
export async function findPasswordLink(db: Db, journalId: number, token: string, now = Date.now()): Promise<{ linkId: number; user: User } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ linkId: staffPasswordLinks.id, user: users })
    .from(staffPasswordLinks)
    .innerJoin(users, and(eq(users.id, staffPasswordLinks.userId), eq(users.journalId, staffPasswordLinks.journalId)))
    .where(and(await workingLink(journalId, token, now), eq(users.status, "enabled")))
    .orderBy(desc(staffPasswordLinks.id))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a set-password link: the link is claimed first (a conditional update: of two requests
 * with one link, one wins), then the password is set, every session of the user ends (rows gone,
 * epoch on: tokens and device cookies of before stop working), the username's failed sign-ins are
 * forgotten (a locked-out colleague can sign in at once) and the history records it — one batch.
 */
export async function usePasswordLink(db: Db, journalId: number, token: string, passwordHash: string, now = Date.now()): Promise<User | null> {
  const [claimed] = await db
    .update(staffPasswordLinks)
    .set({ usedAt: now })
    .where(await workingLink(journalId, token, now))
    .returning({ userId: staffPasswordLinks.userId });
  if (!claimed) return null;
  // The history names the account: whoever holds its link is taken to be its owner.
  const [owner] = await db.select({ username: users.username }).from(users).where(ofUser(journalId, claimed.userId));
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1` })
      .where(and(ofUser(journalId, claimed.userId), eq(users.status, "enabled")))
      .returning(),
    db.delete(staffSessions).where(and(eq(staffSessions.journalId, journalId), eq(staffSessions.userId, claimed.userId))),
    db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.journalId, journalId), sql`${loginAttempts.username} = (select username from users where id = ${claimed.userId})`)),
    historyInsert(db, journalId, {
      actor: { kind: "anonymous", username: owner?.username ?? "" },
      action: "password_reset",
      type: "user",
      id: claimed.userId,
      fields: { via: { after: "set-password link" } },
    }),
  ]);
  return updated[0] ?? null;
}

/** Whether every staff member of the journal must use two-factor sign-in. */
export async function setRequireTwoFactor(db: Db, journalId: number, actor: User, required: boolean): Promise<void> {
  const [current] = await db.select({ v: settings.require_two_factor }).from(settings).where(eq(settings.journalId, journalId));
  if (!current || current.v === required) return;
  await db.batch([
    db.update(settings).set({ require_two_factor: required, updated_at: new Date().toISOString() }).where(eq(settings.journalId, journalId)),
    historyInsert(db, journalId, { actor: staffActor(actor), action: "update", type: "settings", fields: changedFields({ require_two_factor: current.v }, { require_two_factor: required }) }),
  ]);
}

