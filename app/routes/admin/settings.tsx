import { useEffect, useMemo, useState, type ChangeEvent } from "react";
import { readForm } from "../../http/body";
import { data, Form, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { listJournalHosts } from "../../models/journals.server";
import { getSettings, type CertificateImageKind } from "../../models/settings.server";
import { saveCertificateImage, saveLogo, saveSettings, type WriteFailure } from "../../models/staff-writes.server";
import { staffActor } from "../../models/history.server";
import { ConflictPanel, useVersionedValues, VersionFields, type Conflict } from "../../components/admin/Conflict";
import { FIELD_LABELS } from "../../components/admin/history-view";
import { HistoryPanel } from "../../components/admin/History";
import { useUnsavedChanges } from "../../components/admin/UnsavedChanges";
import { conflictView, formExpectation, historyPanel, mergedNotice, withoutVersion } from "./records.server";
import { formFields } from "../../schemas/common";
import { ADMIN_UX_MESSAGES, CERTIFICATE_IMAGE_MESSAGES, FIELD_MESSAGES, FORM_MESSAGES, LOGO_MESSAGES, NOT_FOUND_MESSAGES, RECORD_MESSAGES, SUCCESS } from "../../schemas/messages";
import { formFailure, formNotice, formSuccess } from "./form-answer.server";
import { MAX_PICTURE_BYTES } from "../../schemas/editor";
import { CERTIFICATE_IMAGE_COLUMN, DOI_SETTINGS_FIELDS, SETTINGS_FLAGS, SETTINGS_TEXT_FIELDS, validateSettings } from "../../schemas/settings";
import { LicenseField } from "../../components/admin/LicenseField";
import { doiPreviewArticle } from "../../models/deposits.server";
import { DoiPreview } from "../../components/admin/DoiPreview";
import { DOI_PLACEHOLDERS } from "../../lib/doi";
import { describe, Field } from "../../components/admin/Field";
import { useFlash, useFlashFrom } from "../../components/admin/Flash";
import { flash, type Flash } from "../../components/admin/flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { ConfirmDialog } from "../../components/admin/ConfirmDialog";
import { SubmissionField, useSubmissionToken, useSubmitOnce, withSubmissionToken } from "../../components/admin/SubmitOnce";
import { once } from "./once.server";
import { RichTextEditor } from "../../components/admin/RichTextEditor";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { certificateImageUrl, journalLogoUrl } from "../../lib/urls";
import { formFile } from "../../storage/uploads.server";
import { htmlToText, INLINE_PROFILE, INLINE_TAGS, sanitizeHtml } from "../../lib/html";
import { displayImpactFactor, pageTitle, siteNameFromMatches } from "../../lib/site";

type TextKey = (typeof SETTINGS_TEXT_FIELDS)[number];

/** What the settings page's actions answer (the form, and the logo, signature and stamp cards). */
interface SettingsActionData {
  ok: boolean;
  fields: Record<string, string>;
  flash?: Flash;
  /** Which form answered ("settings"; the cards' field name). */
  form?: string;
  /** A settings save refused because someone else saved meanwhile (ADR 020). */
  conflict?: Conflict<Record<string, string>> | null;
}
type FlagKey = (typeof SETTINGS_FLAGS)[number];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Settings · Admin", siteNameFromMatches(matches)) }];
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

/** The settings form's values as stored: text as is, the display flags as "1" / "0". */
function settingsFormValues(s: Record<string, unknown>): Record<string, string> {
  return {
    ...Object.fromEntries(SETTINGS_TEXT_FIELDS.map((k) => [k, String(s[k] ?? "")])),
    ...Object.fromEntries(SETTINGS_FLAGS.map((k) => [k, s[k] ? "1" : "0"])),
  };
}

export const ErrorBoundary = AdminErrorBoundary;

const LABELS: Record<TextKey, { label: string; hint?: string; wide?: boolean; type?: string; placeholder?: string }> = {
  websitename: { label: "Site name", hint: "Shown in the header, page titles and documents.", wide: true },
  formatted_journal_name: {
    label: "Formatted journal name",
    // Built from the sanitiser's own list, so the hint can never promise a tag that is dropped.
    hint: `Header version of the name. HTML allowed: ${INLINE_TAGS.map((t) => `<${t}>`).join(", ")}.`,
    wide: true,
  },
  domain: { label: "Domain", hint: "The journal's primary web address (see Web addresses below)." },
  issn: { label: "ISSN", placeholder: "1234-5678" },
  journal_essn: { label: "E-ISSN", placeholder: "1234-5678" },
  year_started: { label: "Year started", placeholder: "2015" },
  journal_frequency: { label: "Publication frequency", placeholder: "Quarterly" },
  journal_type: { label: "Type", placeholder: "Peer reviewed, open access" },
  journal_language: { label: "Language", placeholder: "English" },
  websiteemail: { label: "Journal e-mail", type: "email", hint: "Where authors send manuscripts." },
  whatsup_number: { label: "WhatsApp number", type: "tel", hint: "With country code, e.g. +91 98765 43210." },
  phone: { label: "Phone", type: "tel" },
  publisher_name: { label: "Publisher name" },
  publisher_address: { label: "Publisher address", wide: true },
  nassScore: { label: "NAAS rating", placeholder: "4.12" },
  nassScoreYear: { label: "NAAS rating year", placeholder: "2025" },
  impactfactor: { label: "Impact factor (stored text)", wide: true },
  fee_rupee: { label: "Fee, India (₹)", placeholder: "2500" },
  fee_dollar: { label: "Fee, other countries ($)", placeholder: "60" },
  google_review_link: { label: "Google review link", type: "url", placeholder: "https://g.page/r/…", wide: true },
  home_content: { label: "Home page content" },
  abbrev_title: { label: "Abbreviated title", placeholder: "Int. J. Agric. Life Sci.", hint: "ISO 4 abbreviation, sent to Crossref and in JATS." },
  doi_prefix: { label: "DOI prefix", placeholder: "10.12345", hint: "Your Crossref prefix: 10. followed by 4 to 9 digits." },
  doi_suffix_pattern: { label: "DOI suffix pattern", wide: true },
  doi_depositor_name: { label: "Depositor name", placeholder: "Agri Life Publications", hint: "Who sends the deposit files to Crossref." },
  doi_depositor_email: { label: "Depositor e-mail", type: "email", placeholder: "doi@publisher.example", hint: "Crossref sends the submission log here." },
  license_url: { label: "Licence", hint: "What every article is published under unless its own form names another: shown on the article pages and sent to Crossref, in JATS and in the metadata.", wide: true },
  doi_registrant: { label: "Registrant", placeholder: "Agri Life Publications", hint: "The organisation that owns the DOIs, as Crossref knows it." },
  timezone: {
    label: "Time zone",
    placeholder: "Asia/Kolkata",
    hint: "The office's zone: sets “today” for new articles' publish date and the year of new issues.",
  },
};

/** Suggestions for the time zone box; any IANA zone name is accepted. */
const TIME_ZONES = [
  "Asia/Kolkata", "Asia/Kathmandu", "Asia/Dhaka", "Asia/Karachi", "Asia/Colombo", "Asia/Dubai", "Asia/Singapore",
  "Asia/Shanghai", "Asia/Tokyo", "Africa/Lagos", "Africa/Nairobi", "Africa/Cairo", "Europe/London", "Europe/Berlin",
  "America/New_York", "America/Chicago", "America/Los_Angeles", "America/Sao_Paulo", "Australia/Sydney", "UTC",
];

const SECTIONS: { title: string; keys: TextKey[] }[] = [
  { title: "Journal", keys: ["websitename", "formatted_journal_name", "domain", "issn", "journal_essn", "year_started", "journal_frequency", "journal_type", "journal_language", "timezone"] },
  { title: "Contact and publisher", keys: ["websiteemail", "whatsup_number", "phone", "publisher_name", "publisher_address"] },
  { title: "Ratings and fees", keys: ["nassScore", "nassScoreYear", "impactfactor", "fee_rupee", "fee_dollar", "google_review_link"] },
];

const FLAG_LABELS: Record<FlagKey, { label: string; hint: string }> = {
  show_subject_column: { label: "Subject column", hint: "Show the Subject column on issue and search pages." },
  show_cover_image: { label: "Cover image", hint: "Show the stock image on the home page's cover card." },
  show_editor_contacts: { label: "Editor contacts", hint: "Show editors' e-mail and phone on the editorial board." },
};

/** Fields whose message shows while typing (the others' after the field is left, or on save). */
const LIVE_CHECKED = new Set<string>(["doi_suffix_pattern"]);

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
      <LogoCard logo={loaderData.logo} version={loaderData.version} />
      <CertificateImageCard kind="signature" current={loaderData.signature} version={loaderData.version} />
      <CertificateImageCard kind="stamp" current={loaderData.stamp} version={loaderData.version} />
      <HostsCard hosts={loaderData.hosts} />
      <HistoryPanel entries={loaderData.history.entries} more={loaderData.history.more} allHref={loaderData.history.allHref} />
    </>
  );
}

function SettingsForm({
  loaderData,
  actionData,
  draftValues,
}: Pick<Route.ComponentProps, "loaderData" | "actionData"> & { draftValues: Record<string, string> | null }) {
  // One record of strings (the flags as "1"/"0"), so versions and conflicts treat every field alike.
  const stored = useMemo(() => settingsFormValues({ ...loaderData.text, ...loaderData.flags }), [loaderData.text, loaderData.flags]);
  // The cards' and the form's refusals (FormAnswer) carry no conflict; only a refused save does.
  const answer = actionData as SettingsActionData | undefined;
  const conflict = answer && !answer.ok ? (answer.conflict ?? null) : null;
  // A page the server renders after a refused save (no script yet) starts from what was typed.
  const initial = conflict
    ? { ...conflict.values, ...conflict.typed }
    : draftValues
      ? { ...withDraft(stored, draftValues), ...Object.fromEntries(SETTINGS_FLAGS.map((k) => [k, draftValues[k] === "1" ? "1" : "0"])) }
      : stored;
  const { values, setValues, version, changed, remount, markSent, unsaved } = useVersionedValues(initial, conflict?.version ?? loaderData.version, conflict, conflict?.values ?? stored);
  const saved = !!actionData?.ok && "form" in actionData && actionData.form === "settings";
  const text = values as Record<TextKey, string>;
  const flags = Object.fromEntries(SETTINGS_FLAGS.map((k) => [k, values[k] === "1"])) as Record<FlagKey, boolean>;
  const setText = (next: (t: Record<string, string>) => Record<string, string>) => setValues((v) => next(v));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const guard = useSubmitOnce(busy, (event) => {
    if (!dirty) {
      // Nothing to send: say so (a neutral notice) instead of a save that changes nothing.
      event.preventDefault();
      show(flash("normal", "No changes to save.", "Edit a field above, then save."));
      return;
    }
    if (Object.keys(clientErrors).length) {
      event.preventDefault();
      setTouched(Object.fromEntries(Object.keys(clientErrors).map((k) => [k, true])));
      document.getElementById(Object.keys(clientErrors)[0])?.focus();
      return;
    }
    markSent();
  });
  const show = useFlash();

  const result = useMemo(() => validateSettings({ ...text }), [text]);
  const clientErrors: Record<string, string> = result.ok ? {} : result.fields;
  const serverErrors: Record<string, string> = actionData && !actionData.ok ? actionData.fields : {};
  const errorOf = (k: string) => (touched[k] ? clientErrors[k] : undefined) ?? serverErrors[k];
  const dirty = changed.length > 0;
  useUnsavedChanges(unsaved(saved));

  const input = (k: TextKey) => {
    const meta = LABELS[k];
    const props = {
      ...describe(k, errorOf(k), meta.hint),
      name: k,
      value: text[k],
      placeholder: meta.placeholder,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setText((t) => ({ ...t, [k]: e.target.value }));
        // The suffix pattern's preview vanishes when the pattern is refused: its reason shows at
        // once, as it is typed, instead of after leaving the field.
        if (LIVE_CHECKED.has(k)) setTouched((t) => (t[k] ? t : { ...t, [k]: true }));
      },
      onBlur: () => setTouched((t) => ({ ...t, [k]: true })),
    };
    if (k === "publisher_address") return <textarea {...props} rows={2} />;
    // Not a form field: it follows the primary web address, which the operator moves.
    if (k === "domain") return <input {...props} name={undefined} type="text" className="is-readonly" readOnly />;
    if (k === "timezone") {
      return (
        <>
          <input {...props} type="text" list="timezone-options" maxLength={64} autoComplete="off" spellCheck={false} />
          <datalist id="timezone-options">
            {TIME_ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </>
      );
    }
    if (k === "doi_prefix" || k === "doi_suffix_pattern") {
      return <input {...props} type="text" className="input-mono" maxLength={k === "doi_prefix" ? 40 : 100} autoComplete="off" spellCheck={false} />;
    }
    return <input {...props} type={meta.type ?? "text"} maxLength={2000} />;
  };

  const fieldFor = (k: (typeof DOI_SETTINGS_FIELDS)[number]) => (
    <Field key={k} id={k} label={LABELS[k].label} error={errorOf(k)} hint={LABELS[k].hint} className={LABELS[k].wide ? "span-all" : ""}>
      {input(k)}
    </Field>
  );

  return (
    <>
      <Form
        method="post"
        data-draft="settings"
        className="settings-form"
        noValidate
        onSubmit={guard}
      >
        <SubmissionField />
        <VersionFields version={version} changed={changed} />
        <ConflictPanel conflict={conflict} typed={values} labels={{ ...FIELD_LABELS, ...Object.fromEntries(Object.entries(LABELS).map(([k, v]) => [k, v.label])) }} show={(f, v) => (f === "home_content" || f === "formatted_journal_name" ? htmlToText(v) : v)} />
        {SECTIONS.map((section) => (
          <fieldset key={section.title} className="card form-section">
            <legend>{section.title}</legend>
            <div className="grid-3">
              {section.keys.map((k) => (
                <Field key={k} id={k} label={LABELS[k].label} required={k === "websitename"} error={errorOf(k)} hint={LABELS[k].hint} className={LABELS[k].wide ? "span-all" : ""}>
                  {input(k)}
                  {k === "formatted_journal_name" && text[k] ? (
                    <p className="live-preview">
                      Preview: <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(text[k], INLINE_PROFILE) }} />
                    </p>
                  ) : null}
                  {k === "impactfactor" && text[k] ? (
                    <p className="live-preview">
                      Readers see: <strong>{displayImpactFactor(text[k]) || "(nothing)"}</strong>{" "}
                      <span className="muted">— the site drops the first 15 characters of the stored text.</span>
                    </p>
                  ) : null}
                </Field>
              ))}
            </div>
          </fieldset>
        ))}

        <fieldset className="card form-section doi-section">
          <legend>DOIs and indexing</legend>
          <p className="section-intro">
            For Crossref DOI deposits, DOAJ uploads and JATS metadata. Select articles on an issue's table, then use{" "}
            <strong>Assign DOIs</strong>, <strong>Crossref XML</strong> or <strong>DOAJ XML</strong>.
          </p>
          <div className="grid-3">
            {fieldFor("doi_prefix")}
            {fieldFor("doi_registrant")}
            {fieldFor("doi_depositor_name")}
            {fieldFor("doi_depositor_email")}
            {fieldFor("abbrev_title")}
            <div className="span-all">
              <LicenseField
                id="license_url"
                name="license_url"
                label={LABELS.license_url.label}
                hint={LABELS.license_url.hint}
                value={text.license_url}
                error={errorOf("license_url")}
                onChange={(value) => {
                  setText((t) => ({ ...t, license_url: value }));
                  setTouched((t) => ({ ...t, license_url: true }));
                }}
              />
            </div>
            <Field
              id="doi_suffix_pattern"
              label={LABELS.doi_suffix_pattern.label}
              required
              error={errorOf("doi_suffix_pattern")}
              className="span-all"
              hint={
                <>
                  Placeholders: {Object.entries(DOI_PLACEHOLDERS).map(([name, what], i) => (
                    <span key={name}>
                      {i ? ", " : ""}
                      <code>{`{${name}}`}</code> {what}
                    </span>
                  ))}
                  . It must contain <code>{"{refnumber}"}</code>; between placeholders use letters, digits and <code>- . _ ; ( ) /</code>.
                </>
              }
            >
              {input("doi_suffix_pattern")}
              <DoiPreview prefix={text.doi_prefix} pattern={text.doi_suffix_pattern} slug={loaderData.slug} sample={loaderData.doiSample} />
            </Field>
          </div>
        </fieldset>

        <fieldset className="card form-section">
          <legend>Home page</legend>
          <RichTextEditor
            key={`home-${remount}`}
            id="home_content"
            name="home_content"
            variant="rich"
            label="Home page content"
            defaultValue={text.home_content}
            onChange={(html) => setText((t) => ({ ...t, home_content: html }))}
            placeholder="About the journal, aims and scope…"
          />
        </fieldset>

        <fieldset className="card form-section">
          <legend>Display on this journal's site</legend>
          <div className="switch-list">
            {SETTINGS_FLAGS.map((k) => (
              <div key={k} className="switch-row">
                {/* Sent first; the box's value replaces it when ticked, so unticking saves "0". */}
                <input type="hidden" name={k} value="0" />
                <input
                  id={k}
                  type="checkbox"
                  role="switch"
                  name={k}
                  value="1"
                  className="switch-input"
                  checked={flags[k]}
                  onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.checked ? "1" : "0" }))}
                  aria-describedby={`${k}-hint`}
                />
                <label htmlFor={k} className="switch-row-label">
                  <span className="switch-track" aria-hidden="true">
                    <span className="switch-thumb" />
                  </span>
                  <span>
                    <strong>{FLAG_LABELS[k].label}</strong>
                    <span className="field-hint" id={`${k}-hint`}>
                      {FLAG_LABELS[k].hint}
                    </span>
                  </span>
                </label>
              </div>
            ))}
          </div>
        </fieldset>

        <div className="form-actions sticky-actions">
          <span className="muted" aria-live="polite">
            {dirty ? "Unsaved changes" : "All changes saved"}
          </span>
          <button type="submit" className="btn btn-primary btn-large" disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {busy ? "Saving…" : "Save settings"}
          </button>
        </div>
      </Form>
    </>
  );
}

/**
 * The hostnames the journal answers on (read-only): the primary names every link, feed and
 * certificate; the others redirect readers to it. Changed with `npm run journal -- hosts`.
 */
function HostsCard({ hosts }: { hosts: { hostname: string; primary: boolean }[] }) {
  return (
    <section className="card form-section hosts-card" aria-labelledby="hosts-title">
      <h2 id="hosts-title" className="section-title">Web addresses</h2>
      <ul className="host-list">
        {hosts.map((h) => (
          <li key={h.hostname}>
            <code>{h.hostname}</code>{" "}
            {h.primary ? <span className="badge badge-primary">Primary</span> : <span className="muted">redirects to the primary</span>}
          </li>
        ))}
      </ul>
      <p className="field-hint">
        Links, feeds, citations and certificate QR codes always name the primary address. The publisher changes these
        addresses with <code>npm run journal -- hosts</code>.
      </p>
    </section>
  );
}

/**
 * The image a staff member has picked for upload: its preview URL (released when replaced or
 * when the card goes away) and whether it is over the upload limit (then cleared from the input).
 */
function usePickedImage() {
  const [preview, setPreview] = useState<string | null>(null);
  const [tooBig, setTooBig] = useState(false);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    const big = !!file && file.size > MAX_PICTURE_BYTES; // one limit for every uploaded image
    setTooBig(big);
    if (big) e.target.value = "";
    setPreview(file && !big ? URL.createObjectURL(file) : null);
  };
  return { preview, tooBig, onChange, clear: () => setPreview(null) };
}

/**
 * The journal's logo: shown in the site header and on every document (certificates, cover
 * page, editorial board, index page) in place of the initials seal. A form of its own, sent
 * without reloading the settings form (nothing typed there is lost).
 */
function LogoCard({ logo, version }: { logo: string; version: number }) {
  const fetcher = useFetcher<typeof action>({ key: "journal-logo" });
  // A logo chosen before a session ended must be chosen again: the card says so.
  const draft = useDraft("logo");
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  const { preview, tooBig, onChange, clear } = usePickedImage();
  const busy = fetcher.state !== "idle";
  const guard = useSubmitOnce(busy, clear);
  useUnsavedChanges(!!preview);
  // Issue 16.4: the logo is on every certificate and cover page; removing it is confirmed first.
  const [confirmRemove, setConfirmRemove] = useState(false);
  const token = useSubmissionToken();
  const error = tooBig ? FIELD_MESSAGES.logo : fetcher.data && !fetcher.data.ok ? fetcher.data.fields.logoFile : undefined;
  return (
    <section className="card form-section logo-card" aria-labelledby="logo-title">
      <h2 id="logo-title" className="section-title">Logo</h2>
      {draft.files.length ? <DraftNotice draft={draft} /> : null}
      <div className="logo-row">
        <div className="logo-preview" aria-live="polite">
          {preview || logo ? (
            <img src={preview ?? logo} alt={preview ? "New logo (not saved yet)" : "Current logo"} />
          ) : (
            <span className="muted">No logo: the site and the documents show the journal's initials.</span>
          )}
        </div>
        <fetcher.Form method="post" encType="multipart/form-data" data-draft="logo" className="logo-form" onSubmit={guard}>
          <input type="hidden" name="intent" value="logo" />
          <SubmissionField />
          <VersionFields version={version} changed={["logo"]} />
          <Field id="logoFile" label="New logo" error={error} hint="PNG or JPEG, at most 2 MB; a square or wide image at least 300 pixels across looks best.">
            <input
              {...describe("logoFile", error, "PNG or JPEG")}
              type="file"
              name="logoFile"
              accept="image/png,image/jpeg"
              onChange={onChange}
            />
          </Field>
          <div className="logo-actions">
            <button type="submit" className="btn btn-primary" disabled={busy || !preview}>
              {busy && fetcher.formData?.get("remove") !== "1" ? "Uploading…" : "Upload logo"}
            </button>
            {logo ? (
              <button type="button" className="btn btn-secondary" disabled={busy} aria-haspopup="dialog" onClick={() => setConfirmRemove(true)}>
                Remove logo
              </button>
            ) : null}
          </div>
        </fetcher.Form>
        <ConfirmDialog
          open={confirmRemove}
          title={ADMIN_UX_MESSAGES.removeLogoTitle}
          body={ADMIN_UX_MESSAGES.removeLogoBody}
          confirmLabel="Remove logo"
          onCancel={() => setConfirmRemove(false)}
          onConfirm={() => {
            setConfirmRemove(false);
            const form = new FormData();
            form.set("intent", "logo");
            form.set("remove", "1");
            form.set("version", String(version));
            form.set("_changed", "logo");
            fetcher.submit(withSubmissionToken(form, token), { method: "post", encType: "multipart/form-data" });
          }}
        />
      </div>
    </section>
  );
}

const CERTIFICATE_IMAGE_TEXT = {
  signature: {
    title: "Signature on certificates",
    none: "No signature: certificates show the signer's name on a blank line.",
    label: "New signature",
    hint: "A PNG with a transparent background, at most 2 MB: drawn on the signature line of every certificate, above the Editor-in-Chief's name.",
    upload: "Upload signature",
    remove: "Remove signature",
    confirmTitle: ADMIN_UX_MESSAGES.removeSignatureTitle,
    confirmBody: ADMIN_UX_MESSAGES.removeSignatureBody,
  },
  stamp: {
    title: "Stamp on certificates",
    none: "No stamp: certificates carry no stamp.",
    label: "New stamp",
    hint: "A PNG with a transparent background, at most 2 MB: drawn beside the signature line of every certificate.",
    upload: "Upload stamp",
    remove: "Remove stamp",
    confirmTitle: ADMIN_UX_MESSAGES.removeStampTitle,
    confirmBody: ADMIN_UX_MESSAGES.removeStampBody,
  },
} as const;

/**
 * The signer's signature image or the journal's stamp, drawn at the signature line of the
 * certificates (publication and appreciation). A form of its own, like the logo's.
 */
function CertificateImageCard({ kind, current, version }: { kind: CertificateImageKind; current: string; version: number }) {
  const t = CERTIFICATE_IMAGE_TEXT[kind];
  const field = `${kind}File`;
  const fetcher = useFetcher<typeof action>({ key: `certificate-${kind}` });
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  const { preview, tooBig, onChange, clear } = usePickedImage();
  const busy = fetcher.state !== "idle";
  const guard = useSubmitOnce(busy, clear);
  useUnsavedChanges(!!preview);
  // Issue 16.4: removing it changes every certificate from now on; confirmed first, like the logo.
  const [confirmRemove, setConfirmRemove] = useState(false);
  const token = useSubmissionToken();
  const error = tooBig ? CERTIFICATE_IMAGE_MESSAGES.invalid : fetcher.data && !fetcher.data.ok ? fetcher.data.fields[field] : undefined;
  return (
    <section className="card form-section logo-card" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`} className="section-title">
        {t.title}
      </h2>
      <div className="logo-row">
        <div className="logo-preview" aria-live="polite">
          {preview || current ? (
            <img src={preview ?? current} alt={preview ? `New ${kind} (not saved yet)` : `Current ${kind}`} />
          ) : (
            <span className="muted">{t.none}</span>
          )}
        </div>
        <fetcher.Form method="post" encType="multipart/form-data" className="logo-form" onSubmit={guard}>
          <input type="hidden" name="intent" value={kind} />
          <SubmissionField />
          <VersionFields version={version} changed={[CERTIFICATE_IMAGE_COLUMN[kind]]} />
          <Field id={field} label={t.label} error={error} hint={t.hint}>
            <input
              {...describe(field, error, "PNG")}
              type="file"
              name={field}
              accept="image/png"
              onChange={onChange}
            />
          </Field>
          <div className="logo-actions">
            <button type="submit" className="btn btn-primary" disabled={busy || !preview}>
              {busy && fetcher.formData?.get("remove") !== "1" ? "Uploading…" : t.upload}
            </button>
            {current ? (
              <button type="button" className="btn btn-secondary" disabled={busy} aria-haspopup="dialog" onClick={() => setConfirmRemove(true)}>
                {t.remove}
              </button>
            ) : null}
          </div>
        </fetcher.Form>
        <ConfirmDialog
          open={confirmRemove}
          title={t.confirmTitle}
          body={t.confirmBody}
          confirmLabel={t.remove}
          onCancel={() => setConfirmRemove(false)}
          onConfirm={() => {
            setConfirmRemove(false);
            const form = new FormData();
            form.set("intent", kind);
            form.set("remove", "1");
            form.set("version", String(version));
            form.set("_changed", CERTIFICATE_IMAGE_COLUMN[kind]);
            fetcher.submit(withSubmissionToken(form, token), { method: "post", encType: "multipart/form-data" });
          }}
        />
      </div>
    </section>
  );
}
