import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ownedBy, timestamp, version } from "./columns";
import { journals } from "./journals";

export const issues = sqliteTable(
  "issues",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    year: integer("year").notNull(),
    volume: integer("volume").notNull(),
    issue: integer("issue").notNull(),
    /** A month ('January'), a bi-monthly/quarterly/… range ('Jan-Feb'), or ''. */
    frequency: text("frequency").notNull().default(""),
    createdby: text("createdby").notNull().default(""),
    creation: timestamp("creation"),
    version: version(),
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
    journalId: ownedBy("journal_id", () => journals.id),
    year: integer("year").notNull(),
    volume: integer("volume").notNull(),
    issue: integer("issue").notNull(),
    issueId: ownedBy("issue_id", () => issues.id),
    creation: timestamp("creation"),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.year, t.volume, t.issue] }), index("issue_redirects_issue_idx").on(t.issueId)],
);
