import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { journals } from "./journals";

export const editors = sqliteTable(
  "editors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 'chief editor' | 'associate editor' | 'assistant editor' */
    category: text("category").notNull(),
    /** Sanitised HTML; one of the spec's posts, optionally with emphasis. */
    post: text("post").notNull().default(""),
    degree: text("degree").notNull().default(""),
    /** Affiliation. */
    content: text("content").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    country: text("country").notNull().default(""),
    editor_website: text("editor_website").notNull().default(""),
    /** R2 file name under the journal's editors/ folder; empty → default avatar. */
    picture: text("picture").notNull().default(""),
    status: text("status", { enum: ["enabled", "disabled"] }).notNull().default("enabled"),
    is_pinned: integer("is_pinned").notNull().default(0),
    creation: text("creation").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updated_at: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    /** Optimistic concurrency: bumped by every write of the row (migration 0017, ADR 020). */
    version: integer("version").notNull().default(1),
  },
  (t) => [index("editors_journal_status_idx").on(t.journalId, t.status, t.category, t.is_pinned)],
);
