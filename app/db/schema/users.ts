import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { enabledStatus, id, ownedBy, timestamp } from "./columns";
import { journals } from "./journals";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    /** 'pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>' — parameters travel with the hash. */
    passwordHash: text("password_hash").notNull(),
    status: enabledStatus(),
    /** Comma-separated IPs allowed to sign in; empty = any. */
    allowedIps: text("allowed_ips").notNull().default(""),
    /**
     * Tokens carry the epoch they were issued in; signing out (or a password reset) bumps it,
     * which revokes every token issued before, not only the browser's cookie.
     */
    sessionEpoch: integer("session_epoch").notNull().default(0),
    /**
     * What the user may do (app/auth/permissions.ts): 'admin' — everything, settings and staff
     * included; 'editor' — issues, articles, editors, indexing partners and documents.
     */
    role: text("role", { enum: ["admin", "editor"] }).notNull().default("admin"),
    /** Unix epoch milliseconds of the last successful sign-in (null = never). */
    lastSignInAt: integer("last_sign_in_at"),
    /** Base32 TOTP secret of the user's authenticator app; '' = two-factor sign-in is off. */
    totpSecret: text("totp_secret").notNull().default(""),
    /** A secret shown on the Account page and not yet confirmed with a first code. */
    totpPending: text("totp_pending").notNull().default(""),
    /** The last TOTP time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step").notNull().default(0),
    /** Unix epoch milliseconds two-factor sign-in was turned on. */
    totpEnabledAt: integer("totp_enabled_at"),
    creation: timestamp("creation"),
  },
  (t) => [uniqueIndex("users_journal_username_uq").on(t.journalId, t.username)],
);
