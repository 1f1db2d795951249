import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Form, Link } from "react-router";
import { articleFieldErrors, MAX_PDF_BYTES } from "../../schemas/article";
import { EDIT_FREQUENCIES, FREQUENCY_GROUPS } from "../../schemas/frequency";
import { ADMIN_UX_MESSAGES, FIELD_MESSAGES } from "../../schemas/messages";
import type { ArticleFields } from "../../lib/article";
import { htmlToText } from "../../lib/html";
import { describe, Field } from "./Field";
import { fileSize, wordCount } from "./format";
import { RichTextEditor } from "./RichTextEditor";
import { ConfirmDialog, useConfirmFirst } from "./ConfirmDialog";
import { SubmissionField, useSubmitOnce } from "./SubmitOnce";
import { ConflictPanel, useVersionedValues, VersionFields, type Conflict } from "./Conflict";
import { FIELD_LABELS } from "./history-view";
import { useUnsavedChanges } from "./UnsavedChanges";
import { AuthorsEditor, authorFieldId } from "./AuthorsEditor";
import { ReferencesField } from "./ReferencesField";
import { LicenseField } from "./LicenseField";
import { SubmitButton } from "./SubmitButton";

/** The form's fields; the byline travels as `authors` (JSON), from which the server makes authorname. */
const ARTICLE_TEXT_FIELDS = [
  "refnumber", "txnid", "ptype", "publishdate", "authors", "email", "mobile", "country", "subject", "keywords",
  "pagenumber", "title", "abstract", "frequency", "status", "doi", "references", "license_url", "received_date", "accepted_date",
] as const satisfies readonly (keyof ArticleFields)[];
export type ArticleFormValues = Record<(typeof ARTICLE_TEXT_FIELDS)[number], string>;

/** Order in which the first invalid field gets focus on a blocked submit. */
const FOCUS_ORDER = ["refnumber", "txnid", "ptype", "publishdate", "pagenumber", "title", "authors", "abstract", "email", "pdfFile"];

/** Format errors appear while typing; 'required' and page-range errors once the field is left. */
const ON_BLUR_ONLY = new Set(["pagenumber", "publishdate", "txnid", "received_date", "accepted_date"]);

/** A name error of the author list (shown at the comma list, the spec's author-name field). */
const AUTHOR_NAME_ERROR = /^authors\[\d+\]\.name$/;

export function ArticleForm({
  mode,
  initial,
  lastPage,
  existingPdf,
  serverErrors,
  busy,
  cancelTo,
  issueFrequency,
  version,
  conflict,
  stored,
  saved = false,
  journalLicense,
}: {
  mode: "add" | "edit";
  initial: ArticleFormValues;
  lastPage?: number;
  existingPdf?: { url: string; name: string } | null;
  /** Field messages from the last server answer (a new object per answer). */
  serverErrors?: Record<string, string>;
  busy: boolean;
  cancelTo: string;
  issueFrequency?: string;
  /** Edit: the version the form was loaded with (sent back; a stale one is refused, ADR 020). */
  version?: number;
  /** Edit: a save refused because someone else saved meanwhile (what they changed, the stored values). */
  conflict?: Conflict<ArticleFormValues> | null;
  /** Edit: the stored values, when `initial` holds a draft brought back after a sign-in. */
  stored?: ArticleFormValues;
  /** The last save succeeded (the page restarts the form once the reloaded article arrives). */
  saved?: boolean;
  /** The journal's licence URL (the article's licence when it names none). */
  journalLicense: string;
}) {
  // `baseline`: what is stored as far as this form knows (moves on a conflict); typed values stay.
  const { values, setValues, baseline, version: currentVersion, changed, remount, markSent, unsaved } = useVersionedValues(initial, version, conflict, stored);
  const [pdf, setPdf] = useState<File | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>(serverErrors ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  // Taking an enabled article off the public site is confirmed first: readers would notice.
  const confirmDisable = useConfirmFirst(formRef);

  useEffect(() => setServer(serverErrors ?? {}), [serverErrors]);

  const errors = useMemo(
    () =>
      articleFieldErrors(values, {
        mode,
        lastPage,
        hasPdf: mode === "edit" || !!pdf,
        original: mode === "edit" ? { refnumber: baseline.refnumber, txnid: baseline.txnid } : undefined,
      }),
    [values, mode, lastPage, pdf, baseline.refnumber, baseline.txnid],
  );

  // Leaving the page with typed changes (or a chosen PDF) asks first.
  useUnsavedChanges(unsaved(saved) || (!!pdf && !saved));

  function visibleError(key: string): string | undefined {
    // The comma list carries the byline's own rules (spec §5) and the first faulty name.
    if (key === "authorname") {
      const nameError = (map: Record<string, string>) => map.authors ?? Object.entries(map).find(([k]) => AUTHOR_NAME_ERROR.test(k))?.[1] ?? map.authorname;
      const e = nameError(errors);
      if (e && (submitted || touched.authorname || (dirty.authors && e !== FIELD_MESSAGES.required))) return e;
      return nameError(server);
    }
    if (key.startsWith("authors[")) {
      const e = errors[key];
      if (e && (submitted || touched[key])) return e;
      return server[key];
    }
    const e = errors[key];
    if (e && (submitted || touched[key] || (dirty[key] && e !== FIELD_MESSAGES.required && !ON_BLUR_ONLY.has(key)))) return e;
    return server[key];
  }

  function set(key: keyof ArticleFormValues, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    setDirty((d) => (d[key] ? d : { ...d, [key]: true }));
    if (server[key]) setServer(({ [key]: _drop, ...rest }) => rest);
    // A changed list answers the server's messages about it.
    if (key === "authors") setServer((s) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== "authorname" && !k.startsWith("authors"))));
  }
  const blur = (key: string) => () => setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
  /** A rich-text field's value, error and handlers (its `key` remounts it when the values are replaced). */
  const richField = (name: "title" | "abstract") => ({
    id: name,
    name,
    defaultValue: values[name],
    error: visibleError(name),
    onChange: (html: string) => set(name, html),
    onBlur: blur(name),
  });

  const text = (key: keyof ArticleFormValues) => ({
    ...describe(key, visibleError(key), hints[key]),
    name: key,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(key, e.target.value),
    onBlur: blur(key),
  });

  function onPdf(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > MAX_PDF_BYTES) {
      window.alert(FIELD_MESSAGES.fileTooLarge);
      event.target.value = "";
      setPdf(null);
      return;
    }
    setPdf(file);
    setTouched((t) => ({ ...t, pdfFile: true }));
    if (server.pdfFile) setServer(({ pdfFile: _drop, ...rest }) => rest);
  }

  const guard = useSubmitOnce(busy, (event) => {
    setSubmitted(true);
    if (Object.keys(errors).length === 0) {
      if (!confirmDisable.wasConfirmed() && mode === "edit" && baseline.status === "enabled" && values.status === "disabled") {
        event.preventDefault();
        confirmDisable.ask();
      }
      if (!event.defaultPrevented) markSent();
      return;
    }
    // Spec §5: submit is blocked while anything required is missing or invalid.
    event.preventDefault();
    const first = FOCUS_ORDER.find((k) => errors[k]) ?? Object.keys(errors)[0];
    const el = document.getElementById(authorFieldId(first));
    el?.focus();
    el?.scrollIntoView({ block: "center", behavior: "smooth" });
  });

  const nextPage = lastPage !== undefined ? lastPage + 1 : undefined;
  const titleWords = wordCount(htmlToText(values.title));
  const hints: Partial<Record<string, React.ReactNode>> = {
    refnumber: mode === "add" ? "Digits only, e.g. 240517." : undefined,
    txnid: "The payment's transaction ID; each can be used once.",
    pagenumber:
      mode === "add" && nextPage !== undefined
        ? lastPage
          ? `Last page used in this issue: ${lastPage}. This article starts at page ${nextPage} or later.`
          : "First article of this issue, e.g. 1-6."
        : "First and last page, e.g. 1-6.",
    publishdate: "The date printed on the certificates.",
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      ref={formRef}
      data-draft="article"
      className="article-form"
      aria-busy={busy}
      onSubmit={guard}
    >
      <SubmissionField />
      <VersionFields version={currentVersion} changed={pdf ? [...changed, "pdfFile"] : changed} />
      <ConflictPanel conflict={conflict} typed={values} labels={FIELD_LABELS} show={(f, v) => (f === "title" || f === "abstract" ? htmlToText(v) : v)} />
      {submitted && Object.keys(errors).length > 0 ? (
        <div className="form-summary" role="alert">
          {ADMIN_UX_MESSAGES.fieldsNeedAttention(Object.keys(errors).length)}
        </div>
      ) : null}
      <ConfirmDialog {...confirmDisable.dialog} title={ADMIN_UX_MESSAGES.disableArticleTitle} body={ADMIN_UX_MESSAGES.disableArticleBody} confirmLabel="Disable and save" />

      <fieldset className="card form-section">
        <legend>Publication</legend>
        <div className="grid-3">
          <Field id="refnumber" label="Ref number" required error={visibleError("refnumber")} hint={hints.refnumber}>
            <input {...text("refnumber")} inputMode="numeric" autoComplete="off" maxLength={32} />
          </Field>
          <Field id="txnid" label="Transaction ID" required error={visibleError("txnid")} hint={hints.txnid}>
            <input {...text("txnid")} autoComplete="off" maxLength={64} />
          </Field>
          <Field id="publishdate" label="Publish date" required error={visibleError("publishdate")} hint={hints.publishdate}>
            <input {...text("publishdate")} type="date" />
          </Field>
          <Field id="ptype" label="Payment type" required labelAs="span" error={visibleError("ptype")}>
            <div className="segmented" role="radiogroup" aria-labelledby="ptype-label" id="ptype" tabIndex={-1}>
              {(["paid", "free"] as const).map((p) => (
                <label key={p} className={values.ptype === p ? "is-checked" : ""}>
                  <input type="radio" name="ptype" value={p} checked={values.ptype === p} onChange={() => set("ptype", p)} />
                  <span>{p === "paid" ? "Paid" : "Free"}</span>
                </label>
              ))}
            </div>
          </Field>
          <Field id="pagenumber" label="Page numbers" required error={visibleError("pagenumber")} hint={hints.pagenumber}>
            <input
              {...text("pagenumber")}
              inputMode="numeric"
              autoComplete="off"
              placeholder={nextPage !== undefined ? `${nextPage}-${nextPage + 5}` : "1-6"}
              maxLength={20}
            />
          </Field>
          <Field id="doi" label="DOI" error={visibleError("doi")} hint="Optional, e.g. 10.12345/ijals.2026.0101.">
            <input {...text("doi")} autoComplete="off" spellCheck={false} maxLength={300} />
          </Field>
          <Field id="received_date" label="Received" error={visibleError("received_date")} hint="When the manuscript arrived (optional).">
            <input {...text("received_date")} type="date" />
          </Field>
          <Field id="accepted_date" label="Accepted" error={visibleError("accepted_date")} hint="When it was accepted (optional); sent to Crossref.">
            <input {...text("accepted_date")} type="date" />
          </Field>
          {mode === "edit" ? (
            <Field id="frequency" label="Frequency">
              <select {...text("frequency")}>
                <option value="">{issueFrequency ? `Issue default (${issueFrequency})` : "—"}</option>
                {(initial.frequency && !EDIT_FREQUENCIES.includes(initial.frequency) ? [initial.frequency, ...EDIT_FREQUENCIES] : EDIT_FREQUENCIES).map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          {mode === "edit" ? (
            <Field id="status" label="Visibility" hint="Disabled articles are hidden from readers.">
              <select {...text("status")}>
                <option value="enabled">Enabled</option>
                <option value="disabled">Disabled</option>
              </select>
            </Field>
          ) : null}
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend>Article</legend>
        <RichTextEditor
          key={`title-${remount}`}
          {...richField("title")}
          variant="title"
          label="Title (maximum 100 words)"
          required
          placeholder="Title of the article — select a word and press I for italics (species names)"
          footer={
            <p className={`word-count${titleWords > 100 ? " is-over" : ""}`} aria-live="polite">
              {titleWords} / 100 words
            </p>
          }
        />
        <AuthorsEditor
          key={`authors-${remount}`}
          initial={values.authors}
          onChange={(json) => set("authors", json)}
          errorOf={visibleError}
          onBlurField={(key) => setTouched((t) => (t[key] ? t : { ...t, [key]: true }))}
        />
        <RichTextEditor key={`abstract-${remount}`} {...richField("abstract")} variant="rich" label="Abstract" required placeholder="Paste or type the abstract" />
        <div className="grid-2">
          <Field id="keywords" label="Keywords" hint="Comma separated.">
            <input {...text("keywords")} maxLength={1000} />
          </Field>
          <Field id="subject" label="Subject">
            <input {...text("subject")} maxLength={256} />
          </Field>
        </div>
        <ReferencesField value={values.references} onChange={(v) => set("references", v)} onBlur={blur("references")} error={visibleError("references")} />
        <LicenseField
          id="license_url"
          name="license_url"
          label="Licence"
          value={values.license_url}
          journalDefault={journalLicense}
          error={visibleError("license_url")}
          hint="The journal's licence unless this article is published under another."
          onChange={(v) => {
            set("license_url", v);
            setTouched((t) => ({ ...t, license_url: true }));
          }}
        />
      </fieldset>

      <fieldset className="card form-section">
        {/* The journal's contact for this article (spec §3's e-mail, mobile, country), not shown to
            readers; the authors' own e-mails and the corresponding author are set in the rows above. */}
        <legend>Contact for this article</legend>
        <div className="grid-3">
          <Field id="email" label="E-mail" required={mode === "add"} error={visibleError("email")}>
            <input {...text("email")} type="email" autoComplete="off" maxLength={320} />
          </Field>
          <Field id="mobile" label="Mobile">
            <input {...text("mobile")} type="tel" autoComplete="off" maxLength={64} />
          </Field>
          <Field id="country" label="Country">
            <input {...text("country")} autoComplete="off" maxLength={128} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="card form-section">
        <legend>PDF</legend>
        <Field
          id="pdfFile"
          label={mode === "add" ? "Article PDF" : "Replace the PDF (optional)"}
          required={mode === "add"}
          error={visibleError("pdfFile")}
          hint="PDF only, at most 5 MB."
        >
          <div className={`file-drop${pdf ? " has-file" : ""}`}>
            <input
              ref={pdfInput}
              {...describe("pdfFile", visibleError("pdfFile"), "hint")}
              name="pdfFile"
              type="file"
              accept="application/pdf,.pdf"
              onChange={onPdf}
            />
            <span className="file-drop-text" aria-hidden="true">
              {pdf ? (
                <>
                  <strong>{pdf.name}</strong> · {fileSize(pdf.size)}
                </>
              ) : (
                <>
                  <strong>Choose a PDF</strong> or drop it here
                </>
              )}
            </span>
          </div>
        </Field>
        {existingPdf ? (
          <p className="current-file">
            Current file:{" "}
            <a href={existingPdf.url} target="_blank" rel="noopener noreferrer">
              {existingPdf.name}
            </a>
            {pdf ? " — will be replaced" : ""}
          </p>
        ) : null}
      </fieldset>

      <div className="form-actions sticky-actions">
        <Link to={cancelTo} className="btn btn-ghost">
          Cancel
        </Link>
        <SubmitButton busy={busy} className="btn btn-primary btn-large" label={mode === "add" ? "Publish article" : "Save changes"} busyLabel={mode === "add" ? "Publishing…" : "Saving…"} />
      </div>
    </Form>
  );
}

/** Default values of the add form (spec §9: publish date today, payment type paid). */
export function emptyArticleValues(today: string): ArticleFormValues {
  return {
    refnumber: "", txnid: "", ptype: "paid", publishdate: today, authors: "[]", email: "", mobile: "", country: "",
    subject: "", keywords: "", pagenumber: "", title: "", abstract: "", frequency: "", status: "enabled", doi: "",
    references: "", license_url: "", received_date: "", accepted_date: "",
  };
}

/** The month names of the add-issue list shown as the edit form's three-letter names (spec §9). */
export function editFrequency(value: string): string {
  const monthly = FREQUENCY_GROUPS[0].options;
  const i = monthly.indexOf(value);
  return i >= 0 ? EDIT_FREQUENCIES[i] : value;
}
