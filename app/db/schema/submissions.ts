import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { journals } from "./journals";

/**
 * Admin form submissions remembered for a day, so a repeated identical submission
 * is answered with the first one's result. `status` and `answer` are null while the first runs.
 */
export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    form: text("form").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    answer: text("answer"),
    created: text("created").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.token, t.form] }), index("form_submissions_created_idx").on(t.created)],
);
