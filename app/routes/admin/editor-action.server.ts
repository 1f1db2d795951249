import { data } from "react-router";
import { readForm } from "../../http/body";
import type { EditorPicture } from "../../models/editors.server";
import { CHECK_FIELDS, FIELD_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { checkImage, formFile, UploadRejected } from "../../storage/uploads.server";
import { flash, type Flash } from "../../components/admin/flash";

export interface EditorActionData {
  ok: boolean;
  fields: Record<string, string>;
  flash?: Flash;
}

export function editorFailure(fields: Record<string, string>, status = 400, detail = CHECK_FIELDS) {
  return data<EditorActionData>({ ok: false, fields, flash: flash("error", SOMETHING_WENT_WRONG, detail) }, { status });
}

export async function readEditorForm(request: Request): Promise<FormData | ReturnType<typeof editorFailure>> {
  // Editor forms carry a picture of at most 2 MB plus a few text fields; the Worker refuses
  // bigger bodies unread (app/http/body.ts).
  const read = await readForm(request);
  if (read.ok) return read.form;
  if (read.reason === "too_large") return editorFailure({ imgFile: FIELD_MESSAGES.picture }, 413, FIELD_MESSAGES.picture);
  return editorFailure({}, 400, "The form could not be read. Please try again.");
}

/** The checked picture of the form, null when none was chosen, or the failure to answer with. */
export async function pictureOf(form: FormData): Promise<EditorPicture | null | ReturnType<typeof editorFailure>> {
  const file = formFile(form, "imgFile");
  if (!file) return null;
  try {
    return await checkImage(file);
  } catch (error) {
    if (error instanceof UploadRejected) return editorFailure({ imgFile: FIELD_MESSAGES.picture }, error.status, FIELD_MESSAGES.picture);
    throw error;
  }
}

export function isPicture(value: unknown): value is EditorPicture {
  return !!value && typeof value === "object" && "bytes" in value;
}
