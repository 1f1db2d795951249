import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { journals } from "./journals";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    /** 'pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>' — parameters travel with the hash. */
    passwordHash: text("password_hash").notNull(),
    status: text("status", { enum: ["enabled", "disabled"] }).notNull().default("enabled"),
    /** Comma-separated IPs allowed to sign in; empty = any. */
    allowedIps: text("allowed_ips").notNull().default(""),
    /**
     * Tokens carry the epoch they were issued in; signing out (or a password reset) bumps it,
     * which revokes every token issued before, not only the browser's cookie.
     */
    sessionEpoch: integer("session_epoch").notNull().default(0),
    creation: text("creation").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [uniqueIndex("users_journal_username_uq").on(t.journalId, t.username)],
);
