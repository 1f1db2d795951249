import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ownedBy } from "./columns";
import { journals } from "./journals";
import { users } from "./users";

/**
 * One-time set-password links an admin hands to a colleague (docs/decisions/024-staff-roles.md):
 * only the SHA-256 of the token is kept; a link lasts 24 hours and works once, and a newer link
 * for the same user replaces the older one.
 */
export const staffPasswordLinks = sqliteTable(
  "staff_password_links",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    userId: ownedBy("user_id", () => users.id),
    /** Hex SHA-256 of the link's token. */
    tokenHash: text("token_hash").notNull(),
    /** Unix epoch milliseconds. */
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    /** Username of the admin who made it ('cli:…' from the command line). */
    createdBy: text("created_by").notNull().default(""),
  },
  (t) => [uniqueIndex("staff_password_links_token_uq").on(t.tokenHash), index("staff_password_links_user_idx").on(t.journalId, t.userId)],
);

/** Ten one-time recovery codes per user with two-factor sign-in, as hex SHA-256 hashes. */
export const staffRecoveryCodes = sqliteTable(
  "staff_recovery_codes",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    userId: ownedBy("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    /** Unix epoch milliseconds the code was used (null = still usable). */
    usedAt: integer("used_at"),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.journalId, t.userId)],
);
