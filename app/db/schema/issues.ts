import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
  },
  (t) => [
    uniqueIndex("issues_journal_year_volume_issue_uq").on(t.journalId, t.year, t.volume, t.issue),
    index("issues_journal_volume_issue_idx").on(t.journalId, t.volume, t.issue),
  ],
);
