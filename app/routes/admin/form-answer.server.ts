/**
 * The answers of the admin's form actions, built one way: a refused form is 'Something went
 * wrong' (spec §8) with a detail line and the field messages shown beside their inputs; a
 * request with nothing to act on gets a neutral notice; a success a green flash.
 */
import { data } from "react-router";
import { flash, type Flash } from "../../components/admin/flash";
import { CHECK_FIELDS, SOMETHING_WENT_WRONG } from "../../schemas/messages";

export interface FormAnswer {
  ok: boolean;
  fields: Record<string, string>;
  flash?: Flash;
}

export function formFailure(fields: Record<string, string>, status: number, detail: string = CHECK_FIELDS) {
  return data<FormAnswer>({ ok: false, fields, flash: flash("error", SOMETHING_WENT_WRONG, detail) }, { status });
}

export function formNotice(message: string, status = 400, fields: Record<string, string> = {}) {
  return data<FormAnswer>({ ok: false, fields, flash: flash("normal", message) }, { status });
}

export function formSuccess(message: string, detail?: string): FormAnswer {
  return { ok: true, fields: {}, flash: flash("success", message, detail) };
}
