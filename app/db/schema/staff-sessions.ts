import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns";
import { journals } from "./journals";
import { users } from "./users";

/**
 * One row per signed-in browser (or API client): its token carries the row's id (`sid`), so
 * signing out ends this row only, while "Sign out everywhere" and password changes end them all
 * (docs/decisions/011-sessions-per-browser.md).
 */
export const staffSessions = sqliteTable(
  "staff_sessions",
  {
    /** Random, unguessable (128 bits, base64url). */
    id: text("id").primaryKey(),
    journalId: ownedBy("journal_id", () => journals.id),
    userId: ownedBy("user_id", () => users.id),
    /** Unix epoch milliseconds of the sign-in. */
    createdAt: integer("created_at").notNull(),
    /** The absolute end: tokens renew while in use, never past this. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("staff_sessions_user_idx").on(t.journalId, t.userId)],
);
