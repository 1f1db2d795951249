import { sql } from "drizzle-orm";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One-off jobs a migration asks for and a script runs (migration 0012: 'clean-html'). */
export const maintenanceJobs = sqliteTable("maintenance_jobs", {
  name: text("name").primaryKey(),
  requested_at: text("requested_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  done_at: text("done_at"),
});
