/**
 * The rules of a staff account, one home for the Staff page, its API and the command line
 * (`npm run admin-user`, `npm run journal -- add --admin`). Imports carry their `.ts` extension
 * so the scripts can run this file with Node directly.
 */
import { STAFF_MESSAGES } from "./messages.ts";

/** Letters, digits and . _ @ - ; 2–64 characters; what appears in the history and the admin's top bar. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{2,64}$/;
export const MAX_STAFF_NAME = 100;

export const STAFF_ROLES = ["admin", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Why a new username is refused, or null. */
export function usernameProblem(username: string): string | null {
  return USERNAME_PATTERN.test(username) ? null : STAFF_MESSAGES.username;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export type NewStaffInput = { username: string; name: string; role: StaffRole };

/** A new colleague's fields `{username, name, role}`, or the fields' messages. */
export function validateNewStaff(input: Record<string, unknown>): { ok: true; value: NewStaffInput } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const username = typeof input.username === "string" ? input.username.trim() : "";
  const name = typeof input.name === "string" ? input.name.trim().replace(/\s+/g, " ") : "";
  const role = typeof input.role === "string" ? input.role.trim() : "";
  const u = usernameProblem(username);
  if (u) fields.username = u;
  if (!name || [...name].length > MAX_STAFF_NAME || /[\u0000-\u001f\u007f<>]/.test(name)) fields.name = STAFF_MESSAGES.name;
  if (!isStaffRole(role)) fields.role = STAFF_MESSAGES.role;
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { username, name, role: role as StaffRole } };
}
