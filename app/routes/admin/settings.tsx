import { useState } from "react";
import { readForm } from "../../http/body";
import { data } from "react-router";
import type { Route } from "./+types/settings";
import { listJournalHosts } from "../../models/journals.server";
import { getSettings, type CertificateImageKind } from "../../models/settings.server";
import { saveCertificateImage, saveLogo, saveSettings, type WriteFailure } from "../../models/staff-writes.server";
import { staffActor } from "../../models/history.server";
import { HistoryPanel } from "../../components/admin/History";
import { conflictView, formExpectation, historyPanel, mergedNotice, withoutVersion } from "./records.server";
import { formFields } from "../../schemas/common";
import { CERTIFICATE_IMAGE_MESSAGES, FIELD_MESSAGES, FORM_MESSAGES, LOGO_MESSAGES, NOT_FOUND_MESSAGES, RECORD_MESSAGES, SUCCESS } from "../../schemas/messages";
import { formFailure, formNotice, formSuccess } from "./form-answer.server";
import { SETTINGS_FLAGS, SETTINGS_TEXT_FIELDS } from "../../schemas/settings";
import { doiPreviewArticle } from "../../models/deposits.server";
import { useFlashFrom } from "../../components/admin/Flash";
import { flash } from "../../components/admin/flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { HostsCard } from "../../components/admin/HostsCard";
import { SettingsForm, settingsFormValues, type SettingsActionData } from "../../components/admin/SettingsForm";
import { SettingsImageCard } from "../../components/admin/SettingsImageCard";
import { once } from "./once.server";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { certificateImageUrl, journalLogoUrl } from "../../lib/urls";
import { formFile } from "../../storage/uploads.server";
import { adminPageTitle } from "../../lib/site";

type TextKey = (typeof SETTINGS_TEXT_FIELDS)[number];
type FlagKey = (typeof SETTINGS_FLAGS)[number];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Settings", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const s = await getSettings(db, journal.id);
  if (!s) throw data(NOT_FOUND_MESSAGES.settings, { status: 404 });
  const text = Object.fromEntries(SETTINGS_TEXT_FIELDS.map((k) => [k, String(s[k] ?? "")])) as Record<TextKey, string>;
  // Shown, never sent: the domain is the primary web address (the card below).
  text.domain = journal.host;
  const flags = Object.fromEntries(SETTINGS_FLAGS.map((k) => [k, !!s[k]])) as Record<FlagKey, boolean>;
  const hosts = await listJournalHosts(db, journal.id);
  // The DOI suffix pattern is previewed with a real article of the journal (its newest).
  const doiSample = (await doiPreviewArticle(db, journal.id)) ?? null;
  const history = await historyPanel(db, journal.id, "settings", "", journal.settings.timezone);
  return {
    text,
    flags,
    version: s.version,
    history,
    updatedAt: s.updated_at,
    logo: journalLogoUrl(s.logo),
    signature: certificateImageUrl(s.signature_image),
    stamp: certificateImageUrl(s.stamp_image),
    hosts,
    slug: journal.slug,
    doiSample,
  };
}

/** The logo card's own submission: a new image (multipart `logoFile`) or `remove`. */
async function logoAction(session: AdminSession, form: FormData) {
  const file = formFile(form, "logoFile");
  const remove = form.get("remove") === "1";
  if (!file && !remove) {
    return formNotice(LOGO_MESSAGES.choose, 400, { logoFile: FIELD_MESSAGES.logo });
  }
  try {
    const result = await saveLogo(session.env, session.db, session.journal.id, staffActor(session.user), file, remove, formExpectation(form));
    if (!result.ok) {
      if (result.code === "edit_conflict") return imageConflict(result, "logoFile");
      const message = result.fields.logoFile ?? FIELD_MESSAGES.logo;
      return formFailure({ logoFile: message }, result.status, message);
    }
  } catch (error) {
    console.error("logo save failed", error);
    return formFailure({}, 500, LOGO_MESSAGES.notChanged);
  }
  return formSuccess(file ? LOGO_MESSAGES.updated : LOGO_MESSAGES.removed);
}

/** The signature or stamp card's own submission: a PNG with transparency (`{kind}File`) or `remove`. */
async function certificateImageAction(session: AdminSession, form: FormData, kind: CertificateImageKind) {
  const M = CERTIFICATE_IMAGE_MESSAGES;
  const file = formFile(form, `${kind}File`);
  const remove = form.get("remove") === "1";
  if (!file && !remove) {
    return formNotice(M.choose, 400, { [`${kind}File`]: M.invalid });
  }
  try {
    const result = await saveCertificateImage(session.env, session.db, session.journal.id, staffActor(session.user), kind, file, remove, formExpectation(form));
    if (!result.ok && result.code === "edit_conflict") return imageConflict(result, `${kind}File`);
    if (!result.ok) return formFailure(result.fields, result.status, result.fields[`${kind}File`] ?? M.invalid);
  } catch (error) {
    console.error(`${kind} save failed`, error);
    return formFailure({}, 500, M.notChanged);
  }
  return formSuccess(file ? M.updated[kind] : M.removed[kind]);
}

/** Saves the fields sent; each display flag arrives as a hidden "0" followed by the box's "1". */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  // The settings form is text; only a logo upload is large (at most 2 MB plus the form). The
  // Worker refuses bigger bodies unread (app/http/body.ts).
  const read = await readForm(args.request);
  if (!read.ok && read.reason === "too_large") {
    return formFailure({ logoFile: FIELD_MESSAGES.logo }, 413, FIELD_MESSAGES.logo);
  }
  if (!read.ok) {
    return formFailure({}, 400, FORM_MESSAGES.unreadable);
  }
  const form = read.form;
  const intent = form.get("intent");
  if (intent === "logo") return once(session, form, "logo", () => logoAction(session, form));
  if (intent === "signature" || intent === "stamp") return once(session, form, intent, () => certificateImageAction(session, form, intent));
  return once(session, form, "settings", () => settingsAction(session, form));
}

/** An image refused because someone else changed the same image meanwhile: who, and when. */
function imageConflict(result: WriteFailure, field: string) {
  const last = result.conflict?.changes.at(-1);
  const detail = last ? `${last.actor} changed it at ${last.at.slice(0, 16).replace("T", " ")} UTC. Reload the page to see it, then try again.` : RECORD_MESSAGES.staleRecord;
  return data<SettingsActionData>({ ok: false, fields: {} as Record<string, string>, form: field, flash: flash("error", RECORD_MESSAGES.conflictTitle, detail) }, { status: 409 });
}

async function settingsAction({ db, journal, user }: AdminSession, form: FormData) {
  let merged;
  try {
    const result = await saveSettings(db, journal.id, staffActor(user), withoutVersion(formFields(form)), { expect: formExpectation(form), primaryHost: journal.host });
    if (!result.ok) {
      if (result.code === "edit_conflict") {
        const now = await getSettings(db, journal.id);
        const conflict = now ? conflictView(result, settingsFormValues(now), journal.settings.timezone, form) : null;
        return data<SettingsActionData>({ ok: false, fields: {} as Record<string, string>, form: "settings", conflict }, { status: 409 });
      }
      return formFailure(result.fields, 400);
    }
    merged = result.merged;
  } catch (error) {
    console.error("settings save failed", error);
    return formFailure({}, 500, FORM_MESSAGES.nothingSaved);
  }
  return data<SettingsActionData>({ ...formSuccess(SUCCESS.settingsUpdated), form: "settings", flash: mergedNotice(SUCCESS.settingsUpdated, merged) });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  useFlashFrom(actionData);
  // Values typed before a session ended, back after signing in again (components/admin/session.ts).
  const draft = useDraft("settings");
  // After this form's own successful save it restarts from what the server stored (sanitised
  // HTML included), once the reloaded settings have arrived. A logo, signature or stamp upload
  // also reloads the settings but leaves what is typed here alone.
  // Decided while rendering the answer (not in an effect), so the form is clean again in the
  // same commit that shows "saved": nothing can ask "leave without saving?" in between.
  // (The answer arrives before the reloaded settings: whichever comes last restarts it.)
  const [formVersion, setFormVersion] = useState(loaderData.version);
  const [seen, setSeen] = useState({ data: actionData, version: loaderData.version });
  if (seen.data !== actionData || seen.version !== loaderData.version) {
    setSeen({ data: actionData, version: loaderData.version });
    if (actionData?.ok && "form" in actionData && actionData.form === "settings") setFormVersion(loaderData.version);
  }
  return (
    <>
      <PageHeader title="Settings" sub="What readers see across the site. Changes apply as soon as you save." />
      <DraftNotice draft={draft} />
      <SettingsForm key={`${formVersion}-${draft.key}`} loaderData={loaderData} actionData={actionData} draftValues={draft.values} />
      <SettingsImageCard kind="logo" current={loaderData.logo} version={loaderData.version} />
      <SettingsImageCard kind="signature" current={loaderData.signature} version={loaderData.version} />
      <SettingsImageCard kind="stamp" current={loaderData.stamp} version={loaderData.version} />
      <HostsCard hosts={loaderData.hosts} />
      <HistoryPanel entries={loaderData.history.entries} more={loaderData.history.more} allHref={loaderData.history.allHref} />
    </>
  );
}
