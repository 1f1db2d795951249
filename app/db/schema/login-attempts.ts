import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, ownedBy } from "./columns";
import { journals } from "./journals";

/** Failed sign-ins, for throttling per IP and per username (spec §7 login): guessing passwords is slowed. */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    ip: text("ip").notNull(),
    username: text("username").notNull(),
    /** Unix epoch milliseconds. */
    at: integer("at").notNull(),
    /**
     * The id of the signed device cookie the attempt came with ('' when none): such attempts
     * count against that device, not the username (OWASP device cookies; docs/SECURITY.md).
     */
    device: text("device").notNull().default(""),
  },
  (t) => [
    index("login_attempts_ip_idx").on(t.journalId, t.ip, t.at),
    index("login_attempts_user_idx").on(t.journalId, t.username, t.at),
    index("login_attempts_device_idx").on(t.journalId, t.device, t.at),
  ],
);
