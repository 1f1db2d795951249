import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { enabledStatus, id, ownedBy, timestamp } from "./columns";

/** One row per journal. Everything else in the database belongs to exactly one journal. */
export const journals = sqliteTable("journals", {
  id: id(),
  /** Short stable name used in R2 keys, logs and scripts (e.g. "ijar"). */
  slug: text("slug").notNull().unique(),
  /** Plain-text name for logs, titles and JWT audiences; the displayed name lives in settings. */
  name: text("name").notNull(),
  /**
   * Bumped on every staff write; part of every edge-cache key, so a change shows at once on
   * every page of this journal (and only this journal).
   */
  version: integer("version").notNull().default(1),
  /**
   * 'disabled' answers every request on the journal's hosts with 503 (nothing is deleted);
   * set with `npm run journal -- disable|enable <slug>`.
   */
  status: enabledStatus(),
  /** Shown on the publisher's journal list (/journals) of every journal's host. */
  listed: integer("listed", { mode: "boolean" }).notNull().default(true),
  /**
   * The hostname the journal's identities are built from, fixed when it is created (its first
   * primary host; migration 0021 gave existing journals their primary of the day): OAI-PMH's
   * repository identifier and `oai:{identity_host}:article/{id}`, and the feeds' `tag:` ids.
   * Never changed by a domain move, which changes URLs only (docs/decisions/007-primary-host.md).
   */
  identityHost: text("identity_host").notNull().default(""),
  creation: timestamp("creation"),
});

/**
 * A journal answers on one or more hostnames (apex, www, a local alias…). Exactly one is its
 * primary: every absolute URL the site emits names it, and GETs on the others redirect to it
 * (docs/decisions/007-primary-host.md).
 */
export const journalHosts = sqliteTable(
  "journal_hosts",
  {
    hostname: text("hostname").primaryKey(),
    journalId: ownedBy("journal_id", () => journals.id),
    isPrimary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("journal_hosts_journal_idx").on(t.journalId),
    uniqueIndex("journal_hosts_one_primary").on(t.journalId).where(sql`is_primary = 1`),
  ],
);
