import { useMemo, useState, type ChangeEvent, type ComponentProps } from "react";
import { Form, useNavigation } from "react-router";
import { ConflictPanel, useVersionedValues, VersionFields, type Conflict } from "./Conflict";
import { FIELD_LABELS } from "./history-view";
import { useUnsavedChanges } from "./UnsavedChanges";
import { DOI_SETTINGS_FIELDS, SETTINGS_FLAGS, SETTINGS_TEXT_FIELDS, validateSettings } from "../../schemas/settings";
import { LicenseField } from "./LicenseField";
import { DoiPreview } from "./DoiPreview";
import { DOI_PLACEHOLDERS } from "../../lib/doi";
import { describe, Field } from "./Field";
import { useFlash } from "./Flash";
import { flash, type Flash } from "./flash";
import { withDraft } from "./DraftNotice";
import { useSubmitOnce, SubmissionField } from "./SubmitOnce";
import { RichTextEditor } from "./RichTextEditor";
import { htmlToText, INLINE_PROFILE, INLINE_TAGS, sanitizeHtml } from "../../lib/html";
import { displayImpactFactor } from "../../lib/site";
import { SubmitButton } from "./SubmitButton";

type TextKey = (typeof SETTINGS_TEXT_FIELDS)[number];

/** What the settings page's actions answer (the form, and the logo, signature and stamp cards). */
export interface SettingsActionData {
  ok: boolean;
  fields: Record<string, string>;
  flash?: Flash;
  /** Which form answered ("settings"; the cards' field name). */
  form?: string;
  /** A settings save refused because someone else saved meanwhile (ADR 020). */
  conflict?: Conflict<Record<string, string>> | null;
}
type FlagKey = (typeof SETTINGS_FLAGS)[number];

/** The settings form's values as stored: text as is, the display flags as "1" / "0". */
export function settingsFormValues(s: Record<string, unknown>): Record<string, string> {
  return {
    ...Object.fromEntries(SETTINGS_TEXT_FIELDS.map((k) => [k, String(s[k] ?? "")])),
    ...Object.fromEntries(SETTINGS_FLAGS.map((k) => [k, s[k] ? "1" : "0"])),
  };
}

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

/** What the form starts from: the stored settings, and the journal's newest article for the DOI preview. */
interface SettingsFormData {
  text: Record<TextKey, string>;
  flags: Record<FlagKey, boolean>;
  version: number;
  slug: string;
  doiSample: ComponentProps<typeof DoiPreview>["sample"];
}

/**
 * The settings page's own form: the journal's text settings in sections, its DOI settings, the
 * home page's content and the display switches, saved together as one versioned record.
 */
export function SettingsForm({
  loaderData,
  actionData,
  draftValues,
}: {
  loaderData: SettingsFormData;
  actionData: SettingsActionData | undefined;
  draftValues: Record<string, string> | null;
}) {
  // One record of strings (the flags as "1"/"0"), so versions and conflicts treat every field alike.
  const stored = useMemo(() => settingsFormValues({ ...loaderData.text, ...loaderData.flags }), [loaderData.text, loaderData.flags]);
  // The cards' and the form's refusals (FormAnswer) carry no conflict; only a refused save does.
  const conflict = actionData && !actionData.ok ? (actionData.conflict ?? null) : null;
  // A page the server renders after a refused save (no script yet) starts from what was typed.
  const initial = conflict
    ? { ...conflict.values, ...conflict.typed }
    : draftValues
      ? { ...withDraft(stored, draftValues), ...Object.fromEntries(SETTINGS_FLAGS.map((k) => [k, draftValues[k] === "1" ? "1" : "0"])) }
      : stored;
  const { values, setValues, version, changed, remount, markSent, unsaved } = useVersionedValues(initial, conflict?.version ?? loaderData.version, conflict, conflict?.values ?? stored);
  const saved = !!actionData?.ok && actionData.form === "settings";
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
          <SubmitButton busy={busy} className="btn btn-primary btn-large" label="Save settings" busyLabel="Saving…" />
        </div>
      </Form>
    </>
  );
}
