import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { settings } from "../db/schema";
import type { SettingsValues } from "../schemas/settings";
import { certificateImageKey, journalLogoKey } from "../storage/keys.server";
import { checkImage, decodable, decodableImage, randomSuffix, UploadRejected } from "../storage/uploads.server";
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
      // Sanitise on write: every HTML field, whoever calls, so no reader of the row meets raw markup.
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
  if (!decodable(image.width, image.height) || !decodableImage(image.bytes)) throw new UploadRejected("image_too_large");
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

export type CertificateImageKind = "signature" | "stamp";
export const CERTIFICATE_IMAGE_COLUMN = { signature: "signature_image", stamp: "stamp_image" } as const;

/** True when a PNG can show through: an alpha channel (colour type 4 or 6) or a tRNS chunk. */
export function pngHasTransparency(bytes: Uint8Array): boolean {
  const colorType = bytes[25];
  if (colorType === 4 || colorType === 6) return true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 8; i + 8 <= bytes.length; ) {
    const length = view.getUint32(i);
    const type = String.fromCharCode(bytes[i + 4], bytes[i + 5], bytes[i + 6], bytes[i + 7]);
    if (type === "tRNS") return true;
    if (type === "IDAT" || type === "IEND") return false;
    i += 12 + length;
  }
  return false;
}

/**
 * A signature or stamp upload, checked by content: a PNG (at most 2 MB, like every image)
 * with transparency, so the certificate shows through around the ink. Throws UploadRejected.
 */
export async function checkCertificateImage(file: File): Promise<LogoImage> {
  const image = await checkImage(file);
  if (image.ext !== "png") throw new UploadRejected("unsupported_image");
  // Documents decode it like the logo: the same bounds, before decoding (a small file can be a huge image).
  if (!decodable(image.width, image.height) || !decodableImage(image.bytes)) throw new UploadRejected("image_too_large");
  if (!pngHasTransparency(image.bytes)) throw new UploadRejected("not_transparent");
  return { bytes: image.bytes, ext: "png", contentType: image.contentType };
}

/**
 * Sets (or, with `image` null, removes) the certificates' signature or stamp, as the logo is
 * set: fresh object, one row write, old object deleted last (ADR 004).
 */
export async function setCertificateImage(env: Storage, db: Db, journalId: number, kind: CertificateImageKind, image: LogoImage | null) {
  const column = CERTIFICATE_IMAGE_COLUMN[kind];
  const [current] = await db.select({ name: settings[column] }).from(settings).where(eq(settings.journalId, journalId)).limit(1);
  if (!current) throw new Error("journal has no settings");
  const name = image ? `${kind}-${randomSuffix()}.png` : "";
  if (image) await env.FILES.put(certificateImageKey(journalId, name), image.bytes, { httpMetadata: { contentType: image.contentType } });
  try {
    await db.update(settings).set({ [column]: name, updated_at: new Date().toISOString() }).where(eq(settings.journalId, journalId));
  } catch (error) {
    if (image) await env.FILES.delete(certificateImageKey(journalId, name)).catch(() => {});
    throw error;
  }
  if (current.name && current.name !== name) await env.FILES.delete(certificateImageKey(journalId, current.name)).catch(() => {});
  return getSettings(db, journalId);
}
