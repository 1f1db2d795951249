import { data } from "react-router";
import { readForm } from "../../http/body";
import type { WriteFailure } from "../../models/staff-writes.server";
import { CHECK_FIELDS, FIELD_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { flash, type Flash } from "../../components/admin/flash";
import type { Conflict } from "../../components/admin/Conflict";
import type { EditorFormValues } from "../../components/admin/EditorForm";

export interface EditorActionData {
  ok: boolean;
  fields: Record<string, string>;
  flash?: Flash;
  /** A save refused because someone else saved meanwhile (ADR 020). */
  conflict?: Conflict<EditorFormValues> | null;
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

/** A use-case failure (app/models/staff-writes.server.ts) as the form's answer. */
export function editorResultFailure(failure: WriteFailure) {
  if (failure.code) return editorFailure({ imgFile: FIELD_MESSAGES.picture }, failure.status, FIELD_MESSAGES.picture);
  return editorFailure(failure.fields, failure.status);
}
