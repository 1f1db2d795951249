import { data, redirect } from "react-router";
import { flashCookie, type AdminSession } from "../../auth/admin.server";
import { readForm } from "../../http/body";
import { staffActor } from "../../models/history.server";
import { getPartner, type Partner } from "../../models/indexing.server";
import { savePartner } from "../../models/staff-writes.server";
import { formFields } from "../../schemas/common";
import { CHECK_FIELDS, FORM_MESSAGES, PARTNER_MESSAGES } from "../../schemas/messages";
import { formFailure, type FormAnswer } from "./form-answer.server";
import { formFile } from "../../storage/uploads.server";
import type { Conflict } from "../../components/admin/Conflict";
import type { PartnerFormValues } from "../../components/admin/PartnerForm";
import { once } from "./once.server";
import { conflictView, formExpectation, mergedNotice, withoutVersion } from "./records.server";

/** The partner forms' answer: a form answer, or a save refused because someone else saved meanwhile (ADR 020). */
export interface PartnerActionData extends FormAnswer {
  conflict?: Conflict<PartnerFormValues> | null;
}

/** The edit form's values of a partner as stored. */
export function partnerFormValues(p: Partner): PartnerFormValues {
  return { title: p.title, link: p.link, status: p.status };
}

const failure = formFailure;

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
 * one's answer (`once`). An edit names the version the form was loaded with and the fields the
 * person changed (ADR 020): on top of a colleague's change of other fields it saves (and says
 * so); a change of the same field meanwhile is answered 409 with both sides.
 */
export async function partnerFormAction(session: AdminSession, request: Request, existing: Partner | null) {
  const read = await readForm(request);
  if (!read.ok) {
    return read.reason === "too_large" ? failure({ image: PARTNER_MESSAGES.image }, 413, PARTNER_MESSAGES.image) : failure({}, 400, FORM_MESSAGES.unreadable);
  }
  const form = read.form;
  return once(session, form, existing ? `partner-edit-${existing.id}` : "partner-add", async () => {
    const { remove_image: remove, ...fields } = withoutVersion(formFields(form));
    const { db, journal, env } = session;
    let merged;
    try {
      const result = await savePartner(env, db, journal.id, staffActor(session.user), existing, fields, formFile(form, "image"), remove === "1", existing ? formExpectation(form) : null);
      if (!result.ok) {
        if (existing && result.code === "edit_conflict") {
          const now = await getPartner(db, journal.id, existing.id);
          const conflict = now ? conflictView(result, partnerFormValues(now), journal.settings.timezone, form) : null;
          return data<PartnerActionData>({ ok: false, fields: {}, conflict }, { status: 409 });
        }
        return failure(result.fields, result.status, result.status === 404 ? PARTNER_MESSAGES.notFound : (result.fields.image ?? CHECK_FIELDS));
      }
      merged = result.merged;
    } catch (error) {
      console.error("partner save failed", error);
      return failure({}, 500, FORM_MESSAGES.nothingSaved);
    }
    throw redirect("/admin/indexing", {
      headers: { "Set-Cookie": flashCookie(existing ? mergedNotice(PARTNER_MESSAGES.updated, merged) : { kind: "success", msg: PARTNER_MESSAGES.created }, env) },
    });
  });
}
