import { Hono, type Context } from "hono";
import { getDb } from "../../app/db/client.server";
import { getSettings, type CertificateImageKind } from "../../app/models/settings.server";
import { saveCertificateImage, saveLogo, saveSettings, type WriteResult } from "../../app/models/staff-writes.server";
import { staffActor } from "../../app/models/history.server";
import { recordEtag } from "../../app/models/versioned.server";
import { formFile } from "../../app/storage/uploads.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { failureBody, failureHeaders, readMultipart, requestExpectation, versionedJson } from "./request";

/** GET /api/settings/ and POST /api/settings (spec §7 Settings). */
export const settingsApp = new Hono<AdminEnv>({ strict: false });

settingsApp.use("*", requireAdmin);

settingsApp.get("/", async (c) => {
  const settings = await getSettings(getDb(c.env.DB), c.get("journal").id);
  if (!settings) return c.json(settings);
  c.header("etag", recordEtag("settings", "", settings.version));
  // The domain is the primary host, whatever an old row says.
  return c.json({ ...settings, domain: c.get("journal").host });
});

/** POST /api/settings: the fields given; `If-Match` or `version` makes it conditional (ADR 020). */
settingsApp.post("/", async (c) => {
  const body = await versionedJson(c.req.raw);
  if (!body.ok) return c.json(body.body, 400);
  const journal = c.get("journal");
  const result = await saveSettings(getDb(c.env.DB), journal.id, staffActor(c.get("user")), body.input, { expect: body.expect, primaryHost: journal.host });
  return settingsAnswer(c, result);
});

/** The stored settings with their new ETag, or the failure (an image's refusal as {error, message} when `imageField`). */
function settingsAnswer(c: Context<AdminEnv>, result: WriteResult<{ version: number }>, imageField?: string) {
  if (!result.ok) {
    const image = imageField && result.code && result.fields[imageField];
    return c.json(image ? { error: result.code, message: image } : failureBody(result), result.status, failureHeaders(result));
  }
  c.header("etag", recordEtag("settings", "", result.value.version));
  return c.json(result.value);
}

/**
 * POST /api/settings/logo: multipart with `logoFile` (PNG or JPEG, at most 2 MB) sets the
 * journal's logo; `remove=1` removes it. Answers the settings (with the new `logo`).
 */
settingsApp.post("/logo", async (c) => {
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const expect = requestExpectation(c.req.raw, body.form.get("version") ?? undefined);
  if (!expect.ok) return c.json(expect.body, 400);
  const result = await saveLogo(c.env, getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), formFile(body.form, "logoFile"), body.form.get("remove") === "1", expect.expect);
  return settingsAnswer(c, result);
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
    const expect = requestExpectation(c.req.raw, body.form.get("version") ?? undefined);
    if (!expect.ok) return c.json(expect.body, 400);
    const result = await saveCertificateImage(c.env, getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), kind, formFile(body.form, `${kind}File`), body.form.get("remove") === "1", expect.expect);
    return settingsAnswer(c, result, `${kind}File`);
  });
}
