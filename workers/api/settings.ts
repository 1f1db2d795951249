import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getDb } from "../../app/db/client.server";
import {
  checkCertificateImage,
  checkLogo,
  getSettings,
  setCertificateImage,
  setJournalLogo,
  updateSettings,
  type CertificateImageKind,
  type LogoImage,
} from "../../app/models/settings.server";
import { formFile, UploadRejected } from "../../app/storage/uploads.server";
import { CERTIFICATE_IMAGE_MESSAGES, FIELD_MESSAGES } from "../../app/schemas/messages";
import { validateSettings } from "../../app/schemas/settings";
import { requireAdmin, type AdminEnv } from "./middleware";
import { readJson, readMultipart } from "./request";

/** GET /api/settings/ and POST /api/settings (spec §7 Settings). */
export const settingsApp = new Hono<AdminEnv>({ strict: false });

settingsApp.use("*", requireAdmin);
// A logo of at most 2 MB plus the form around it; larger bodies are refused before reading.
settingsApp.post("*", bodyLimit({ maxSize: 3 * 1024 * 1024, onError: (c) => c.json({ error: "file_too_large" }, 413) }));

settingsApp.get("/", async (c) => {
  const settings = await getSettings(getDb(c.env.DB), c.get("journal").id);
  return c.json(settings);
});

settingsApp.post("/", async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = validateSettings(body.value);
  if (!result.ok) return c.json({ error: "validation_failed", fields: result.fields }, 400);
  const settings = await updateSettings(getDb(c.env.DB), c.get("journal").id, result.value.values);
  return c.json(settings);
});

/**
 * POST /api/settings/logo: multipart with `logoFile` (PNG or JPEG, at most 2 MB) sets the
 * journal's logo; `remove=1` removes it. Answers the settings (with the new `logo`).
 */
settingsApp.post("/logo", async (c) => {
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const file = formFile(body.form, "logoFile");
  const remove = body.form.get("remove") === "1";
  if (!file && !remove) return c.json({ error: "validation_failed", fields: { logoFile: FIELD_MESSAGES.logo } }, 400);
  let logo: LogoImage | null = null;
  if (file) {
    try {
      logo = await checkLogo(file);
    } catch (error) {
      if (error instanceof UploadRejected) return c.json({ error: error.code }, error.status);
      throw error;
    }
  }
  const settings = await setJournalLogo(c.env, getDb(c.env.DB), c.get("journal").id, logo);
  return c.json(settings);
});

/**
 * POST /api/settings/signature and /api/settings/stamp: multipart with `signatureFile` /
 * `stampFile` (a PNG with transparency, at most 2 MB) sets the image drawn at the signature
 * line of certificates; `remove=1` removes it. Answers the settings (with `signature_image` /
 * `stamp_image`).
 */
for (const kind of ["signature", "stamp"] as const satisfies readonly CertificateImageKind[]) {
  settingsApp.post(`/${kind}`, async (c) => {
    const body = await readMultipart(c.req.raw);
    if (!body.ok) return c.json({ error: body.error }, 400);
    const field = `${kind}File`;
    const file = formFile(body.form, field);
    const remove = body.form.get("remove") === "1";
    if (!file && !remove) return c.json({ error: "validation_failed", fields: { [field]: CERTIFICATE_IMAGE_MESSAGES.invalid } }, 400);
    let image: LogoImage | null = null;
    if (file) {
      try {
        image = await checkCertificateImage(file);
      } catch (error) {
        if (error instanceof UploadRejected) return c.json({ error: error.code, message: CERTIFICATE_IMAGE_MESSAGES.invalid }, error.status);
        throw error;
      }
    }
    return c.json(await setCertificateImage(c.env, getDb(c.env.DB), c.get("journal").id, kind, image));
  });
}
