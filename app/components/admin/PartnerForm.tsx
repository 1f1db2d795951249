import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Form } from "react-router";
import { FIELD_MESSAGES, PARTNER_MESSAGES } from "../../schemas/messages";
import { MAX_PARTNER_TITLE, validatePartner } from "../../schemas/partner";
import { ConfirmDialog } from "./ConfirmDialog";
import { ConflictPanel, useVersionedValues, VersionFields, type RecordFormProps } from "./Conflict";
import { FIELD_LABELS, RECORD_FIELD_LABELS } from "./history-view";
import { useUnsavedChanges } from "./UnsavedChanges";
import { describe, Field } from "./Field";
import { SubmissionField, useSubmitOnce } from "./SubmitOnce";
import { PickedFile, refusedPicture, usePickedImage } from "./PickedImage";
import { RecordFormActions } from "./SubmitButton";

export type PartnerFormValues = Record<"title" | "link" | "status", string>;

/** The conflict panel's names of the form's fields (as the form labels them). */
const LABELS: Record<string, string> = { ...FIELD_LABELS, ...RECORD_FIELD_LABELS.partner };

/**
 * Add or edit an indexing partner: its name, the link its logo opens, whether readers see it,
 * and the logo (the editor pictures' rule: JPEG, PNG or WebP, at most 2 MB), previewed before
 * saving. The position is set on the list, by dragging or with the keyboard. An edit sends the
 * version it was loaded with and the fields the person changed (ADR 020); a save refused
 * because someone else changed the same fields meanwhile shows their change above the form,
 * which keeps what was typed.
 */
export function PartnerForm({
  mode,
  initial,
  logo,
  serverErrors,
  busy,
  version,
  conflict,
  stored,
}: RecordFormProps<PartnerFormValues> & {
  /** URL of the current logo ('' when there is none). */
  logo: string;
}) {
  const { values, setValues, version: currentVersion, changed } = useVersionedValues(initial, version, conflict, stored);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>(serverErrors ?? {});
  const newLogo = usePickedImage((file) => refusedPicture(file, PARTNER_MESSAGES.image));
  const preview = newLogo.picked;
  const [removeLogo, setRemoveLogo] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setServer(serverErrors ?? {}), [serverErrors]);

  const result = useMemo(() => validatePartner({ ...values }), [values]);
  const errors: Record<string, string> = result.ok ? {} : result.fields;
  const visible = (k: string) => (submitted && errors[k]) || server[k] || undefined;
  const set = (key: keyof PartnerFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (server[key]) setServer(({ [key]: _drop, ...rest }) => rest);
  };

  function onImage(event: ChangeEvent<HTMLInputElement>) {
    if (server.image) setServer(({ image: _drop, ...rest }) => rest);
    if (newLogo.onChange(event)) setRemoveLogo(false);
  }

  const guard = useSubmitOnce(busy, (event) => {
    setSubmitted(true);
    if (Object.keys(errors).length === 0) return;
    event.preventDefault();
    formRef.current?.querySelector<HTMLElement>(`#${Object.keys(errors)[0]}`)?.focus();
  });
  const imageMessage = newLogo.error || server.image;
  // A new logo or its removal is a change of the logo (a colleague's change of it meanwhile is a conflict).
  const logoChanged = !!preview || removeLogo;
  // Leaving the page with typed changes (or a chosen logo) asks first.
  useUnsavedChanges(changed.length > 0 || logoChanged);
  const shown = preview?.url ?? (removeLogo ? "" : logo);
  return (
    <Form method="post" encType="multipart/form-data" noValidate ref={formRef} className="partner-form" onSubmit={guard}>
      <SubmissionField />
      <VersionFields version={currentVersion} changed={logoChanged ? [...changed, "image"] : changed} />
      <ConflictPanel conflict={conflict} typed={values} labels={LABELS} />
      {removeLogo ? <input type="hidden" name="remove_image" value="1" /> : null}
      <div className="editor-form-grid">
        <fieldset className="card form-section">
          <legend>Index</legend>
          <Field id="title" label="Name" required error={visible("title")} hint="As readers know it, e.g. Google Scholar, CAB Abstracts, DOAJ.">
            <input {...describe("title", visible("title"), "hint")} name="title" value={values.title} onChange={(e) => set("title", e.target.value)} maxLength={MAX_PARTNER_TITLE} autoComplete="off" />
          </Field>
          <Field id="link" label="Link" error={visible("link")} hint="The journal's page at the index (optional: without one the logo is not a link).">
            <input
              {...describe("link", visible("link"), "hint")}
              name="link"
              type="url"
              value={values.link}
              onChange={(e) => set("link", e.target.value)}
              maxLength={500}
              placeholder="https://"
              spellCheck={false}
            />
          </Field>
          <input type="hidden" name="status" value={values.status} />
          <label className="check-label">
            <input type="checkbox" checked={values.status === "enabled"} onChange={(e) => set("status", e.target.checked ? "enabled" : "disabled")} /> Show on the Indexing page
            and in the sidebar
          </label>
        </fieldset>
        <fieldset className="card form-section picture-section">
          <legend>Logo</legend>
          <div className="picture-preview partner-logo-preview">
            {shown ? <img src={shown} alt={preview ? "Preview of the new logo" : "Current logo"} width={200} height={80} /> : <span className="logo-text">{values.title || "No logo"}</span>}
          </div>
          <Field id="image" label={mode === "add" || !logo ? "Upload a logo" : "Replace the logo"} error={imageMessage} hint="JPEG, PNG or WebP, at most 2 MB. Without one readers see the name.">
            <input ref={newLogo.input} {...describe("image", imageMessage, "hint")} type="file" name="image" accept="image/jpeg,image/png,image/webp" onChange={onImage} />
          </Field>
          {preview ? (
            <PickedFile picked={preview} onRemove={newLogo.remove} />
          ) : mode === "edit" && logo && !removeLogo ? (
            <button type="button" className="link-button" onClick={() => setConfirmRemove(true)}>
              Remove the logo
            </button>
          ) : null}
          <ConfirmDialog
            open={confirmRemove}
            title={PARTNER_MESSAGES.removeLogoTitle}
            body={PARTNER_MESSAGES.removeLogoBody}
            confirmLabel="Remove"
            onCancel={() => setConfirmRemove(false)}
            onConfirm={() => {
              setConfirmRemove(false);
              setRemoveLogo(true);
            }}
          />
          {removeLogo ? <p className="current-file">The logo will be removed when you save.</p> : null}
        </fieldset>
      </div>
      <RecordFormActions errors={errors} submitted={submitted} busy={busy} cancelTo="/admin/indexing" label={mode === "add" ? "Add partner" : "Save changes"} />
    </Form>
  );
}
