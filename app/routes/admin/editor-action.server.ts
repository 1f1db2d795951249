import { readForm } from "../../http/body";
import type { WriteFailure } from "../../models/staff-writes.server";
import { CHECK_FIELDS, FIELD_MESSAGES, FORM_MESSAGES } from "../../schemas/messages";
import type { Conflict } from "../../components/admin/Conflict";
import type { EditorFormValues } from "../../components/admin/EditorForm";
import { formFailure, type FormAnswer } from "./form-answer.server";

/** The editor forms' answer: a form answer, or a save refused because someone else saved meanwhile (ADR 020). */
export interface EditorActionData extends FormAnswer {
  conflict?: Conflict<EditorFormValues> | null;
}

export function editorFailure(fields: Record<string, string>, status = 400, detail = CHECK_FIELDS) {
  return formFailure(fields, status, detail);
}

export async function readEditorForm(request: Request): Promise<FormData | ReturnType<typeof editorFailure>> {
  // Editor forms carry a picture of at most 2 MB plus a few text fields; the Worker refuses
  // bigger bodies unread (app/http/body.ts).
  const read = await readForm(request);
  if (read.ok) return read.form;
  if (read.reason === "too_large") return editorFailure({ imgFile: FIELD_MESSAGES.picture }, 413, FIELD_MESSAGES.picture);
  return editorFailure({}, 400, FORM_MESSAGES.unreadable);
}

/** A use-case failure (app/models/staff-writes.server.ts) as the form's answer. */
export function editorResultFailure(failure: WriteFailure) {
  if (failure.code) return editorFailure({ imgFile: FIELD_MESSAGES.picture }, failure.status, FIELD_MESSAGES.picture);
  return editorFailure(failure.fields, failure.status);
}
