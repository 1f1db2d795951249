import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { settings } from "../db/schema";
import type { SettingsValues } from "../schemas/settings";
import { certificateImageKey, journalLogoKey } from "../storage/keys.server";
import { checkImage, decodable, decodableImage, randomSuffix, UploadRejected } from "../storage/uploads.server";
import { cleanHtmlFields } from "../schemas/html-fields";
import { changedFields, lastFileHashQuery, type Actor } from "./history.server";
import { putObject, switchObject } from "./versioned-objects.server";
import { versionedRow, versionedWrite, type Expectation, type Plan, type PlanFailure, type VersionedTarget } from "./versioned.server";

/** The settings object of spec §3 (plus issn, google_review_link and the display flags). */
export async function getSettings(db: Db, journalId: number) {
  const rows = await db.select().from(settings).where(eq(settings.journalId, journalId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  const { journalId: _omit, ...rest } = row;
  return rest;
}

/** Settings as a versioned write reads them: the row and the sha256 each image's last upload recorded. */
export type SettingsForWrite = typeof settings.$inferSelect & { hashes: Record<SettingsImageColumn, string | null> };

/** The journal's settings row as the target of a versioned write (app/models/versioned.server.ts). */
export function settingsTarget(db: Db, journalId: number): VersionedTarget<SettingsForWrite> {
  const self = eq(settings.journalId, journalId);
  return {
    type: "settings",
    id: "",
    async read() {
      const [rows, logo, signature, stamp] = await db.batch([
        db.select().from(settings).where(self).limit(1),
        lastFileHashQuery(db, journalId, "settings", "", "logo"),
        lastFileHashQuery(db, journalId, "settings", "", "signature_image"),
        lastFileHashQuery(db, journalId, "settings", "", "stamp_image"),
      ]);
      if (!rows[0]) return undefined;
      return { ...rows[0], hashes: { logo: logo[0]?.hash ?? null, signature_image: signature[0]?.hash ?? null, stamp_image: stamp[0]?.hash ?? null } };
    },
    ...versionedRow(db, settings, self, "updated_at"),
  };
}

/** The change of a settings save: the given values, HTML cleaned, that differ from the row. */
export function settingsPlan(row: typeof settings.$inferSelect, values: Partial<SettingsValues>): Plan {
  // Sanitise on write: every HTML field, whoever calls, so no reader of the row meets raw markup.
  const clean = cleanHtmlFields("settings", values) as Record<string, unknown>;
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(clean)) if (String(row[key as keyof typeof row] ?? "") !== String(value ?? "")) set[key] = value;
  return { set, fields: changedFields(row, set) };
}

/** A versioned write of the settings with the caller's plan. */
export async function writeSettings<F>(
  db: Db,
  journalId: number,
  opts: { actor: Actor; action: string; expect: Expectation; plan: (row: SettingsForWrite, only: ReadonlySet<string> | null) => Plan | PlanFailure<F> },
) {
  return versionedWrite<SettingsForWrite, F>(db, journalId, settingsTarget(db, journalId), opts);
}

/** Saves these settings (HTML cleaned; unchanged ones not written) and answers the stored settings. */
export async function updateSettings(db: Db, journalId: number, values: Partial<SettingsValues>, actor: Actor) {
  const result = await writeSettings(db, journalId, { actor, action: "update", expect: null, plan: (row) => settingsPlan(row, values) });
  if (!result.ok) throw new Error("journal has no settings");
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

/** The settings columns that name an image object, and the key rule of each. */
export type SettingsImageColumn = "logo" | "signature_image" | "stamp_image";
const IMAGE_KEY: Record<SettingsImageColumn, (journalId: number, name: string) => string> = {
  logo: journalLogoKey,
  signature_image: certificateImageKey,
  stamp_image: certificateImageKey,
};
const IMAGE_PREFIX: Record<SettingsImageColumn, string> = { logo: "logo", signature_image: "signature", stamp_image: "stamp" };

/**
 * Sets (or, with `image` null, removes) one of the settings' images — the journal's logo, the
 * certificates' signature or stamp — as a versioned write (app/models/versioned.server.ts)
 * whose history entry names the image by its sha256; the new object replaces the old one as
 * app/models/versioned-objects.server.ts says. Only the image's column is written, so a settings
 * save at the same time keeps its fields.
 */
export async function setSettingsImage(
  env: Storage,
  db: Db,
  journalId: number,
  column: SettingsImageColumn,
  image: LogoImage | null,
  actor: Actor,
  expect: Expectation = null,
) {
  const name = image ? `${IMAGE_PREFIX[column]}-${randomSuffix()}.${image.ext}` : "";
  const key = (n: string) => IMAGE_KEY[column](journalId, n);
  const sha = image ? await putObject(env, key(name), image.bytes, image.contentType) : null;
  return switchObject(
    env,
    image ? key(name) : null,
    (row) => (row[column] ? key(row[column]) : null),
    () =>
      writeSettings(db, journalId, {
        actor,
        action: image ? "upload" : "remove",
        expect: expect?.kind === "version" ? { ...expect, changed: expect.changed ? [column] : undefined } : expect,
        plan: (row) =>
          row[column] === name
            ? { set: {}, fields: {} }
            : { set: { [column]: name }, fields: { [column]: { before: row[column] ? (row.hashes[column] ?? row[column]) : null, after: sha } } },
      }),
  );
}

export type CertificateImageKind = "signature" | "stamp";
export { CERTIFICATE_IMAGE_COLUMN } from "../schemas/settings";

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
