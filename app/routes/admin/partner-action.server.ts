import { data, redirect } from "react-router";
import { flashCookie, type AdminSession } from "../../auth/admin.server";
import { flash, type Flash } from "../../components/admin/flash";
import { readForm } from "../../http/body";
import { staffActor } from "../../models/history.server";
import { getPartner, type Partner } from "../../models/indexing.server";
import { savePartner } from "../../models/staff-writes.server";
import { formFields } from "../../schemas/common";
import { CHECK_FIELDS, PARTNER_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { formFile } from "../../storage/uploads.server";
import { once } from "./once.server";

export interface PartnerActionData {
  ok: boolean;
  fields: Record<string, string>;
  flash?: Flash;
}

const failure = (fields: Record<string, string>, status: number, detail = CHECK_FIELDS) =>
  data<PartnerActionData>({ ok: false, fields, flash: flash("error", SOMETHING_WENT_WRONG, detail) }, { status });

/** The partner of this journal with the id in the URL; another journal's id is simply not found. */
export async function partnerOf(params: { id?: string }, session: AdminSession): Promise<Partner> {
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : 0;
  const partner = id ? await getPartner(session.db, session.journal.id, id) : undefined;
  if (!partner) throw data(PARTNER_MESSAGES.notFound, { status: 404 });
  return partner;
}

/**
 * The add and edit forms' action: the use-case of app/models/staff-writes.server.ts (the API
 * calls the same), then back to the list with a flash; a repeated submission gets the first
 * one's answer (`once`).
 */
export async function partnerFormAction(session: AdminSession, request: Request, existing: Partner | null) {
  const read = await readForm(request);
  if (!read.ok) {
    return read.reason === "too_large" ? failure({ image: PARTNER_MESSAGES.image }, 413, PARTNER_MESSAGES.image) : failure({}, 400, "The form could not be read. Please try again.");
  }
  const form = read.form;
  return once(session, form, existing ? `partner-edit-${existing.id}` : "partner-add", async () => {
    const { remove_image: remove, ...fields } = formFields(form);
    try {
      const result = await savePartner(session.env, session.db, session.journal.id, staffActor(session.user), existing, fields, formFile(form, "image"), remove === "1");
      if (!result.ok) return failure(result.fields, result.status, result.fields.image ?? CHECK_FIELDS);
    } catch (error) {
      console.error("partner save failed", error);
      return failure({}, 500, "Nothing was saved. Please try again.");
    }
    throw redirect("/admin/indexing", {
      headers: { "Set-Cookie": flashCookie({ kind: "success", msg: existing ? PARTNER_MESSAGES.updated : PARTNER_MESSAGES.created }, session.env) },
    });
  });
}
