import { data } from "react-router";
import type { EditorPicture } from "../../models/editors.server";
import { CHECK_FIELDS, FIELD_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { checkImage, formFile, UploadRejected } from "../../storage/uploads.server";
import { flash, type Flash } from "../../components/admin/flash";

export interface EditorActionData {
  ok: boolean;
  fields: Record<string, string>;
  flash?: Flash;
}

/** Editor forms carry a picture of at most 2 MB plus a few text fields. */
const MAX_EDITOR_BODY = 3 * 1024 * 1024;

export function editorFailure(fields: Record<string, string>, status = 400, detail = CHECK_FIELDS) {
  return data<EditorActionData>({ ok: false, fields, flash: flash("error", SOMETHING_WENT_WRONG, detail) }, { status });
}

export async function readEditorForm(request: Request): Promise<FormData | ReturnType<typeof editorFailure>> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_EDITOR_BODY) return editorFailure({ imgFile: FIELD_MESSAGES.picture }, 413, FIELD_MESSAGES.picture);
  try {
    return await request.formData();
  } catch {
    return editorFailure({}, 400, "The form could not be read. Please try again.");
  }
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
