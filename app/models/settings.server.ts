import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { settings } from "../db/schema";
import type { SettingsValues } from "../schemas/settings";

/** The settings object of spec §3 (plus issn, google_review_link and the display flags). */
export async function getSettings(db: Db, journalId: number) {
  const rows = await db.select().from(settings).where(eq(settings.journalId, journalId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  const { journalId: _omit, ...rest } = row;
  return rest;
}

export async function updateSettings(db: Db, journalId: number, values: Partial<SettingsValues>) {
  if (Object.keys(values).length) {
    await db
      .update(settings)
      .set({ ...values, updated_at: new Date().toISOString() })
      .where(eq(settings.journalId, journalId));
  }
  return getSettings(db, journalId);
}
