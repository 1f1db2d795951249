import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { enabledStatus, id, ownedBy, version } from "./columns";
import { journals } from "./journals";

export const indexingPartners = sqliteTable(
  "indexing_partners",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    title: text("title").notNull(),
    link: text("link").notNull().default(""),
    /** R2 file name under the journal's indexing/ folder. */
    image: text("image").notNull().default(""),
    sortnumber: integer("sortnumber").notNull().default(0),
    status: enabledStatus(),
    version: version(),
  },
  (t) => [index("indexing_journal_status_sort_idx").on(t.journalId, t.status, t.sortnumber)],
);
