import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getEditor, listAllEditors } from "../../app/models/editors.server";
import { pinEditors, saveEditor } from "../../app/models/staff-writes.server";
import { formFields } from "../../app/schemas/common";
import { formFile } from "../../app/storage/uploads.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { failureBody, parseId, readJson, readMultipart } from "./request";
import { adminEditor } from "./serialize";

/** Editors (spec §7): list, create (multipart + imgFile), get, update / status toggle, pin. */
export const editorsApp = new Hono<AdminEnv>({ strict: false });

editorsApp.use("*", requireAdmin);

editorsApp.get("/", async (c) => {
  const rows = await listAllEditors(getDb(c.env.DB), c.get("journal").id);
  return c.json(rows.map(adminEditor));
});

editorsApp.post("/pin", async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const flag = body.value.pinned ?? body.value.is_pinned ?? true;
  const pinned = flag === true || flag === 1 || flag === "1" || flag === "true";
  const result = await pinEditors(getDb(c.env.DB), c.get("journal").id, body.value.ids, pinned);
  if (!result.ok) return c.json({ error: result.code, message: result.fields.ids }, result.status);
  return c.json({ ok: true, pinned, changed: result.value.changed });
});

editorsApp.post("/", async (c) => {
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await saveEditor(c.env, getDb(c.env.DB), c.get("journal").id, null, formFields(body.form), formFile(body.form, "imgFile"));
  if (!result.ok) return c.json(failureBody(result), result.status);
  return c.json(adminEditor(result.value), 201);
});

editorsApp.get("/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  const editor = id ? await getEditor(getDb(c.env.DB), c.get("journal").id, id) : undefined;
  if (!editor) return c.json({ error: "not_found" }, 404);
  return c.json(adminEditor(editor));
});

editorsApp.post("/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  const db = getDb(c.env.DB);
  const journalId = c.get("journal").id;
  const existing = id ? await getEditor(db, journalId, id) : undefined;
  if (!existing) return c.json({ error: "not_found" }, 404);
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await saveEditor(c.env, db, journalId, existing, formFields(body.form), formFile(body.form, "imgFile"));
  if (!result.ok) return c.json(failureBody(result), result.status);
  return c.json(adminEditor(result.value));
});
