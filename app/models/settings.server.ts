import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { settings } from "../db/schema";
import type { SettingsValues } from "../schemas/settings";
import { journalLogoKey } from "../storage/keys.server";
import { checkImage, decodable, randomSuffix, UploadRejected } from "../storage/uploads.server";
import { cleanHtmlFields } from "../schemas/html-fields";

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
      // Sanitise on write (issue 15.7): every HTML field, whoever calls.
      .set({ ...cleanHtmlFields("settings", values), updated_at: new Date().toISOString() })
      .where(eq(settings.journalId, journalId));
  }
  return getSettings(db, journalId);
}

export interface LogoImage {
  bytes: Uint8Array;
  ext: "png" | "jpg";
  contentType: string;
}

/**
 * An uploaded logo, checked by content: PNG or JPEG only (documents embed those directly; WebP
 * would need converting on every document, SVG is never taken). Throws UploadRejected.
 */
export async function checkLogo(file: File): Promise<LogoImage> {
  const image = await checkImage(file);
  if (image.ext !== "png" && image.ext !== "jpg") throw new UploadRejected("unsupported_image");
  // Documents decode the logo: refuse what would not decode comfortably in the isolate.
  if (!decodable(image.width, image.height)) throw new UploadRejected("image_too_large");
  return { bytes: image.bytes, ext: image.ext, contentType: image.contentType };
}

type Storage = { FILES: R2Bucket };

/**
 * Sets (or, with `logo` null, removes) the journal's logo: the new image goes to a fresh
 * object, the settings row is switched to it in one write, then the old object is deleted — a
 * failure at any step leaves the previous logo in place and no orphan (ADR 004).
 */
export async function setJournalLogo(env: Storage, db: Db, journalId: number, logo: LogoImage | null) {
  const [current] = await db.select({ logo: settings.logo }).from(settings).where(eq(settings.journalId, journalId)).limit(1);
  if (!current) throw new Error("journal has no settings");
  const name = logo ? `logo-${randomSuffix()}.${logo.ext}` : "";
  if (logo) await env.FILES.put(journalLogoKey(journalId, name), logo.bytes, { httpMetadata: { contentType: logo.contentType } });
  try {
    await db.update(settings).set({ logo: name, updated_at: new Date().toISOString() }).where(eq(settings.journalId, journalId));
  } catch (error) {
    if (logo) await env.FILES.delete(journalLogoKey(journalId, name)).catch(() => {});
    throw error;
  }
  if (current.logo && current.logo !== name) await env.FILES.delete(journalLogoKey(journalId, current.logo)).catch(() => {});
  return getSettings(db, journalId);
}
