import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getEditor, listAllEditors } from "../../app/models/editors.server";
import { pinEditors, saveEditor } from "../../app/models/staff-writes.server";
import { formFields } from "../../app/schemas/common";
import { formFile } from "../../app/storage/uploads.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { formEdit, recordAnswer, writeAnswer } from "./answer";
import { activityEntry, parseId, readJson, readMultipart } from "./request";
import { staffActor } from "../../app/models/history.server";
import { parseVersion } from "../../app/models/versioned.server";
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
  // Optional {"versions": {"<id>": <version>}}: the versions the client loaded (ADR 020).
  const versions = pinVersions(body.value.versions);
  if (versions === null) return c.json({ error: "invalid_version" }, 400);
  const result = await pinEditors(getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), body.value.ids, pinned, versions);
  if (!result.ok) {
    if ("editors" in result) {
      return c.json({ error: "edit_conflict", editors: result.editors.map((e) => ({ id: e.id, name: e.name, version: e.version, changes: e.changes.map(activityEntry) })) }, 409);
    }
    return c.json({ error: result.code, message: result.fields.ids }, result.status);
  }
  return c.json({ ok: true, pinned, changed: result.value.changed });
});

function pinVersions(value: unknown): Map<number, number> | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) return null;
  const out = new Map<number, number>();
  for (const [key, v] of Object.entries(value)) {
    const id = parseId(key);
    const version = parseVersion(v);
    if (!id || !version) return null;
    out.set(id, version);
  }
  return out;
}

editorsApp.post("/", async (c) => {
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await saveEditor(c.env, getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), null, formFields(body.form), formFile(body.form, "imgFile"));
  return writeAnswer(c, "editor", result, adminEditor, 201);
});

editorsApp.get("/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  return recordAnswer(c, "editor", id ? await getEditor(getDb(c.env.DB), c.get("journal").id, id) : undefined, adminEditor);
});

editorsApp.post("/:id", async (c) => {
  const edit = await formEdit(c, getEditor);
  if (!edit.ok) return edit.response;
  const result = await saveEditor(c.env, edit.db, edit.journalId, staffActor(c.get("user")), edit.existing, edit.fields, formFile(edit.form, "imgFile"), edit.expect);
  return writeAnswer(c, "editor", result, adminEditor);
});
