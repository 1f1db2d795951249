/**
 * The column shapes many tables share, declared once so a table reads as what is its own. Not
 * exported from index.ts: these are builders, not tables. Kept free of table imports, so every
 * table (journals included) can use them without an import cycle.
 */
import { sql } from "drizzle-orm";
import { integer, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** The row's own number, never reused after a delete (AUTOINCREMENT). */
export function id() {
  return integer("id").primaryKey({ autoIncrement: true });
}

/**
 * A required reference to the row this one belongs to (its journal, user, issue): deleting the
 * owner deletes this row with it.
 */
export function ownedBy<N extends string>(name: N, owner: () => AnySQLiteColumn) {
  return integer(name).notNull().references(owner, { onDelete: "cascade" });
}

/** ISO 8601 UTC with milliseconds; a new row gets the moment of its insert. */
export function timestamp<N extends string>(name: N) {
  return text(name).notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
}

/** Optimistic concurrency: bumped by every write of the row (migration 0017, ADR 020). */
export function version() {
  return integer("version").notNull().default(1);
}

/** 'enabled', or 'disabled': kept but out of use (hidden from readers, unable to sign in, …). */
export function enabledStatus() {
  return text("status", { enum: ["enabled", "disabled"] }).notNull().default("enabled");
}
