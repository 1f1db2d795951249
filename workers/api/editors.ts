import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import {
  createEditorWithPicture,
  getEditor,
  listAllEditors,
  setEditorsPinned,
  updateEditorWithPicture,
  type Editor,
  type EditorPicture,
} from "../../app/models/editors.server";
import { formFields } from "../../app/schemas/common";
import { validateEditor } from "../../app/schemas/editor";
import { FIELD_MESSAGES } from "../../app/schemas/messages";
import { checkImage, formFile, UploadRejected } from "../../app/storage/uploads.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { parseId, readJson, readMultipart } from "./request";
import { adminEditor } from "./serialize";

/** Editors (spec §7): list, create (multipart + imgFile), get, update / status toggle, pin. */
export const editorsApp = new Hono<AdminEnv>({ strict: false });

editorsApp.use("*", requireAdmin);

/** Editor fields an update may change; the picture comes only as `imgFile`. */
const UPDATABLE = ["category", "post", "name", "degree", "content", "email", "phone", "country", "editor_website", "status"] as const satisfies readonly (keyof Editor)[];

function storedFields(editor: Editor): Record<string, string> {
  return Object.fromEntries(UPDATABLE.map((key) => [key, String(editor[key] ?? "")]));
}

async function pictureFrom(form: FormData): Promise<EditorPicture | null> {
  const file = formFile(form, "imgFile");
  return file ? checkImage(file) : null;
}

editorsApp.get("/", async (c) => {
  const rows = await listAllEditors(getDb(c.env.DB), c.get("journal").id);
  return c.json(rows.map(adminEditor));
});

editorsApp.post("/pin", async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const ids = body.value.ids;
  if (!Array.isArray(ids) || ids.length === 0) return c.json({ error: "empty_selection", message: "Select at least one editor." }, 400);
  if (ids.length > 1000) return c.json({ error: "selection_too_large", message: "Select at most 1000 editors at a time." }, 400);
  const clean = ids.map((x) => parseId(String(x))).filter((x): x is number => x !== null);
  if (clean.length !== ids.length) return c.json({ error: "invalid_ids" }, 400);
  const flag = body.value.pinned ?? body.value.is_pinned ?? true;
  const pinned = flag === true || flag === 1 || flag === "1" || flag === "true";
  const changed = await setEditorsPinned(getDb(c.env.DB), c.get("journal").id, clean, pinned);
  return c.json({ ok: true, pinned, changed });
});

editorsApp.post("/", async (c) => {
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = validateEditor(formFields(body.form));
  if (!result.ok) return c.json({ error: "validation_failed", fields: result.fields }, 400);
  try {
    const picture = await pictureFrom(body.form);
    const { status, ...fields } = result.value;
    const editor = await createEditorWithPicture(c.env, getDb(c.env.DB), c.get("journal").id, { ...fields, status }, picture);
    return c.json(adminEditor(editor), 201);
  } catch (error) {
    if (error instanceof UploadRejected) return c.json({ error: error.code }, error.status);
    throw error;
  }
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
  const fields = formFields(body.form);

  // The list's switch posts only `status`.
  const keys = Object.keys(fields);
  if (keys.length === 1 && keys[0] === "status" && !formFile(body.form, "imgFile")) {
    const status = String(fields.status);
    if (status !== "enabled" && status !== "disabled") return c.json({ error: "validation_failed", fields: { status: FIELD_MESSAGES.chooseStatus } }, 400);
    const editor = await updateEditorWithPicture(c.env, db, journalId, existing, { status }, null);
    return c.json(adminEditor(editor));
  }

  // Omitted fields keep their stored values (as article and settings updates do); empty ones clear.
  const result = validateEditor({ ...storedFields(existing), ...fields });
  if (!result.ok) return c.json({ error: "validation_failed", fields: result.fields }, 400);
  try {
    const picture = await pictureFrom(body.form);
    const editor = await updateEditorWithPicture(c.env, db, journalId, existing, result.value, picture);
    return c.json(adminEditor(editor));
  } catch (error) {
    if (error instanceof UploadRejected) return c.json({ error: error.code }, error.status);
    throw error;
  }
});
