import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamp } from "./columns";
import { journals } from "./journals";

/**
 * Admin form submissions remembered for a day, so a repeated identical submission
 * is answered with the first one's result. `status` and `answer` are null while the first runs.
 */
export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    journalId: ownedBy("journal_id", () => journals.id),
    token: text("token").notNull(),
    form: text("form").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    answer: text("answer"),
    created: timestamp("created"),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.token, t.form] }), index("form_submissions_created_idx").on(t.created)],
);
