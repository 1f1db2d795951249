import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

/** One-off jobs a migration asks for and a script runs (migration 0012: 'clean-html'). */
export const maintenanceJobs = sqliteTable("maintenance_jobs", {
  name: text("name").primaryKey(),
  requested_at: timestamp("requested_at"),
  done_at: text("done_at"),
});
