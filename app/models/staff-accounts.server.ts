/**
 * The Staff page's and the staff API's writes, one function each (the page and the API only
 * translate the answer): add a colleague, change a role or status, make a set-password link.
 * Validation is app/schemas/staff.ts's; a failure carries the status, the API's code and the
 * message staff see.
 */
import type { Db } from "../db/client.server";
import { absoluteUrl, setPasswordPath } from "../lib/urls";
import { STAFF_MESSAGES } from "../schemas/messages";
import { isStaffRole, validateNewStaff } from "../schemas/staff";
import { staffActor } from "./history.server";
import type { JournalContext } from "./journals.server";
import { createStaffUser, newPasswordLink, setStaffRole, setStaffStatus, type StaffChangeError, type StaffMember } from "./staff.server";
import type { User } from "./users.server";

export interface StaffFailure {
  ok: false;
  status: 400 | 404 | 409;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** A staff account as the API answers it (never a hash or a secret). */
export function staffJson(m: StaffMember) {
  return {
    id: m.id,
    username: m.username,
    name: m.name,
    role: m.role,
    status: m.status,
    last_sign_in_at: m.lastSignInAt === null ? null : new Date(m.lastSignInAt).toISOString(),
    two_factor: m.twoFactor,
    password_set: m.hasPassword,
    link_expires_at: m.linkExpiresAt === null ? null : new Date(m.linkExpiresAt).toISOString(),
    created: m.creation,
  };
}

interface LinkAnswer {
  ok: true;
  user: StaffMember;
  /** The one-time set-password link on the journal's primary host: shown once, never stored. */
  link: string;
  expiresAt: number;
}

const changeFailure: Record<StaffChangeError, StaffFailure> = {
  not_found: { ok: false, status: 404, code: "not_found", message: STAFF_MESSAGES.notFound },
  self: { ok: false, status: 409, code: "cannot_change_self", message: STAFF_MESSAGES.self },
  last_admin: { ok: false, status: 409, code: "last_admin", message: STAFF_MESSAGES.lastAdmin },
};

/** `{username, name, role}` → the new colleague and their one-time link. */
export async function addColleague(db: Db, journal: JournalContext, actor: User, input: Record<string, unknown>): Promise<LinkAnswer | StaffFailure> {
  const checked = validateNewStaff(input);
  if (!checked.ok) return { ok: false, status: 400, code: "validation_failed", message: Object.values(checked.fields)[0], fields: checked.fields };
  const result = await createStaffUser(db, journal.id, staffActor(actor), checked.value);
  if (!result.ok) {
    const message = STAFF_MESSAGES.usernameTaken(checked.value.username);
    return { ok: false, status: 409, code: "username_taken", message, fields: { username: message } };
  }
  return { ok: true, user: result.user, link: absoluteUrl(journal, setPasswordPath(result.token)), expiresAt: result.expiresAt };
}

/** `{role}` or `{status}` (one of them) for a colleague. */
export async function changeColleague(
  db: Db,
  journal: JournalContext,
  actor: User,
  id: number,
  input: Record<string, unknown>,
): Promise<{ ok: true; user: StaffMember } | StaffFailure> {
  const keys = Object.keys(input).filter((k) => k === "role" || k === "status");
  if (keys.length !== 1) {
    const message = "Send either {\"role\": \"admin\" | \"editor\"} or {\"status\": \"enabled\" | \"disabled\"}.";
    return { ok: false, status: 400, code: "validation_failed", message, fields: { role: message } };
  }
  if (keys[0] === "role") {
    if (!isStaffRole(input.role)) return { ok: false, status: 400, code: "validation_failed", message: STAFF_MESSAGES.role, fields: { role: STAFF_MESSAGES.role } };
    const result = await setStaffRole(db, journal.id, actor, id, input.role);
    return result.ok ? result : changeFailure[result.error];
  }
  const status = input.status;
  if (status !== "enabled" && status !== "disabled") {
    return { ok: false, status: 400, code: "validation_failed", message: STAFF_MESSAGES.status, fields: { status: STAFF_MESSAGES.status } };
  }
  const result = await setStaffStatus(db, journal.id, actor, id, status);
  return result.ok ? result : changeFailure[result.error];
}

/** A new one-time set-password link for a colleague. */
export async function resetColleague(db: Db, journal: JournalContext, actor: User, id: number): Promise<LinkAnswer | StaffFailure> {
  const result = await newPasswordLink(db, journal.id, staffActor(actor), id);
  if (!result.ok) {
    return result.error === "not_found"
      ? changeFailure.not_found
      : { ok: false, status: 409, code: "user_disabled", message: STAFF_MESSAGES.disabledNoLink };
  }
  return { ok: true, user: result.user, link: absoluteUrl(journal, setPasswordPath(result.token)), expiresAt: result.expiresAt };
}
