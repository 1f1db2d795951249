import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { journals } from "./journals";

export const indexingPartners = sqliteTable(
  "indexing_partners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    link: text("link").notNull().default(""),
    /** R2 file name under the journal's indexing/ folder. */
    image: text("image").notNull().default(""),
    sortnumber: integer("sortnumber").notNull().default(0),
    status: text("status", { enum: ["enabled", "disabled"] }).notNull().default("enabled"),
    /** Optimistic concurrency: bumped by every write of the row (migration 0017, ADR 020). */
    version: integer("version").notNull().default(1),
  },
  (t) => [index("indexing_journal_status_sort_idx").on(t.journalId, t.status, t.sortnumber)],
);
