import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, ownedBy, timestamp } from "./columns";
import { journals } from "./journals";

/**
 * The journal's record of changes (docs/decisions/019-history.md): one row per staff write, CLI
 * change or security event, appended in the same D1 batch as the write it describes, never
 * updated. Kept in backups.
 */
export const history = sqliteTable(
  "history",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    /** ISO 8601 UTC with milliseconds. */
    at: timestamp("at"),
    /** 'staff' (a signed-in user), 'cli' (an operator's command), 'system' (a scheduled job), 'anonymous'. */
    actorKind: text("actor_kind", { enum: ["staff", "cli", "system", "anonymous"] }).notNull(),
    /** The staff user's id when actor_kind = 'staff' (null otherwise, and kept if the user goes). */
    actorUserId: integer("actor_user_id"),
    /** Who, as people read it: the staff username, 'cli:{os user}', 'system:{job}', or the username tried. */
    actor: text("actor").notNull(),
    /** What happened: create, update, delete, trash, restore, move, purge, sign_in, … */
    action: text("action").notNull(),
    /** The kind of record: article, editor, issue, settings, journal, user, partner, session, … */
    recordType: text("record_type").notNull(),
    /** The record's id as text ('' for the journal-wide ones such as settings). */
    recordId: text("record_id").notNull().default(""),
    /** JSON object: field → {"before": …, "after": …} with short values (files as sha256). */
    fields: text("fields").notNull().default("{}"),
  },
  (t) => [
    index("history_journal_id_idx").on(t.journalId, t.id),
    index("history_journal_record_idx").on(t.journalId, t.recordType, t.recordId, t.id),
    index("history_journal_actor_idx").on(t.journalId, t.actor, t.id),
  ],
);
