import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { journals } from "./journals";

export const issues = sqliteTable(
  "issues",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    volume: integer("volume").notNull(),
    issue: integer("issue").notNull(),
    /** A month ('January'), a bi-monthly/quarterly/… range ('Jan-Feb'), or ''. */
    frequency: text("frequency").notNull().default(""),
    createdby: text("createdby").notNull().default(""),
    creation: text("creation").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    /** Optimistic concurrency: bumped by every write of the row (migration 0017, ADR 020). */
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("issues_journal_year_volume_issue_uq").on(t.journalId, t.year, t.volume, t.issue),
    index("issues_journal_volume_issue_idx").on(t.journalId, t.volume, t.issue),
  ],
);

/**
 * An issue's former addresses (migration 0018): after an edit of its year, volume or number the
 * old issue URL answers 301 to the current one. Used only when no issue has that address.
 */
export const issueRedirects = sqliteTable(
  "issue_redirects",
  {
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    volume: integer("volume").notNull(),
    issue: integer("issue").notNull(),
    issueId: integer("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    creation: text("creation").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.year, t.volume, t.issue] }), index("issue_redirects_issue_idx").on(t.issueId)],
);
