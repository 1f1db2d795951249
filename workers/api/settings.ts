import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getSettings, type CertificateImageKind } from "../../app/models/settings.server";
import { saveCertificateImage, saveLogo, saveSettings } from "../../app/models/staff-writes.server";
import { formFile } from "../../app/storage/uploads.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { failureBody, readJson, readMultipart } from "./request";

/** GET /api/settings/ and POST /api/settings (spec §7 Settings). */
export const settingsApp = new Hono<AdminEnv>({ strict: false });

settingsApp.use("*", requireAdmin);

settingsApp.get("/", async (c) => {
  const settings = await getSettings(getDb(c.env.DB), c.get("journal").id);
  // The domain is the primary host, whatever an old row says.
  return c.json(settings && { ...settings, domain: c.get("journal").host });
});

settingsApp.post("/", async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const journal = c.get("journal");
  const result = await saveSettings(getDb(c.env.DB), journal.id, body.value, journal.host);
  if (!result.ok) return c.json(failureBody(result), result.status);
  return c.json(result.value);
});

/**
 * POST /api/settings/logo: multipart with `logoFile` (PNG or JPEG, at most 2 MB) sets the
 * journal's logo; `remove=1` removes it. Answers the settings (with the new `logo`).
 */
settingsApp.post("/logo", async (c) => {
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await saveLogo(c.env, getDb(c.env.DB), c.get("journal").id, formFile(body.form, "logoFile"), body.form.get("remove") === "1");
  if (!result.ok) return c.json(failureBody(result), result.status);
  return c.json(result.value);
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
    const result = await saveCertificateImage(c.env, getDb(c.env.DB), c.get("journal").id, kind, formFile(body.form, `${kind}File`), body.form.get("remove") === "1");
    if (!result.ok) return c.json(result.code ? { error: result.code, message: result.fields[`${kind}File`] } : failureBody(result), result.status);
    return c.json(result.value);
  });
}
