import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { enabledStatus, id, ownedBy, timestamp, version } from "./columns";
import { journals } from "./journals";

export const editors = sqliteTable(
  "editors",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
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
    status: enabledStatus(),
    is_pinned: integer("is_pinned").notNull().default(0),
    creation: timestamp("creation"),
    updated_at: timestamp("updated_at"),
    version: version(),
  },
  (t) => [index("editors_journal_status_idx").on(t.journalId, t.status, t.category, t.is_pinned)],
);
