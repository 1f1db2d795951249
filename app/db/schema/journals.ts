import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per journal. Everything else in the database belongs to exactly one journal. */
export const journals = sqliteTable("journals", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Short stable name used in R2 keys, logs and scripts (e.g. "ijar"). */
  slug: text("slug").notNull().unique(),
  /** Plain-text name for logs, titles and JWT audiences; the displayed name lives in settings. */
  name: text("name").notNull(),
  /**
   * Bumped on every staff write; part of every edge-cache key, so a change shows at once on
   * every page of this journal (and only this journal).
   */
  version: integer("version").notNull().default(1),
  creation: text("creation").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

/** A journal answers on one or more hostnames (apex, www, a local alias…). */
export const journalHosts = sqliteTable(
  "journal_hosts",
  {
    hostname: text("hostname").primaryKey(),
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
  },
  (t) => [index("journal_hosts_journal_idx").on(t.journalId)],
);
