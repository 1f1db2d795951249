import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { users } from "../db/schema";
import { hashPassword } from "../utils/password.server";

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
        name: input.name ?? input.username,
        status: input.status ?? "enabled",
        allowedIps: input.allowedIps ?? "",
      },
    })
    .returning();
  return row;
}
