import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "./ConfirmDialog";
import { VersionFields } from "./Conflict";
import { DraftNotice } from "./DraftNotice";
import { describe, Field } from "./Field";
import { useFlashFrom } from "./Flash";
import { useDraft } from "./session";
import { SubmissionField, useSubmissionToken, useSubmitOnce, withSubmissionToken } from "./SubmitOnce";
import { useUnsavedChanges } from "./UnsavedChanges";
import { usePickedImage } from "./PickedImage";
import type { SettingsActionData } from "./SettingsForm";
import { ADMIN_UX_MESSAGES, CERTIFICATE_IMAGE_MESSAGES, FIELD_MESSAGES } from "../../schemas/messages";
import { MAX_PICTURE_BYTES } from "../../schemas/editor";
import { CERTIFICATE_IMAGE_COLUMN } from "../../schemas/settings";

/** The settings page's images: the journal's logo, and the signature and stamp on certificates. */
type SettingsImageKind = "logo" | "signature" | "stamp";

/**
 * What each image card says and takes. The logo is on every document (certificates, cover
 * page, editorial board, index page) and the site header; the signature and stamp are drawn at
 * the certificates' signature line, so they must be PNGs with transparency.
 */
const IMAGE_CARDS = {
  logo: {
    title: "Logo",
    none: "No logo: the site and the documents show the journal's initials.",
    label: "New logo",
    hint: "PNG or JPEG, at most 2 MB; a square or wide image at least 300 pixels across looks best.",
    accept: "image/png,image/jpeg",
    formats: "PNG or JPEG",
    invalid: FIELD_MESSAGES.logo,
    upload: "Upload logo",
    remove: "Remove logo",
    confirmTitle: ADMIN_UX_MESSAGES.removeLogoTitle,
    confirmBody: ADMIN_UX_MESSAGES.removeLogoBody,
    column: "logo",
    fetcherKey: "journal-logo",
    // A logo chosen before a session ended must be chosen again: the card says so.
    draft: "logo",
  },
  signature: {
    title: "Signature on certificates",
    none: "No signature: certificates show the signer's name on a blank line.",
    label: "New signature",
    hint: "A PNG with a transparent background, at most 2 MB: drawn on the signature line of every certificate, above the Editor-in-Chief's name.",
    accept: "image/png",
    formats: "PNG",
    invalid: CERTIFICATE_IMAGE_MESSAGES.invalid,
    upload: "Upload signature",
    remove: "Remove signature",
    confirmTitle: ADMIN_UX_MESSAGES.removeSignatureTitle,
    confirmBody: ADMIN_UX_MESSAGES.removeSignatureBody,
    column: CERTIFICATE_IMAGE_COLUMN.signature,
    fetcherKey: "certificate-signature",
    draft: undefined,
  },
  stamp: {
    title: "Stamp on certificates",
    none: "No stamp: certificates carry no stamp.",
    label: "New stamp",
    hint: "A PNG with a transparent background, at most 2 MB: drawn beside the signature line of every certificate.",
    accept: "image/png",
    formats: "PNG",
    invalid: CERTIFICATE_IMAGE_MESSAGES.invalid,
    upload: "Upload stamp",
    remove: "Remove stamp",
    confirmTitle: ADMIN_UX_MESSAGES.removeStampTitle,
    confirmBody: ADMIN_UX_MESSAGES.removeStampBody,
    column: CERTIFICATE_IMAGE_COLUMN.stamp,
    fetcherKey: "certificate-stamp",
    draft: undefined,
  },
} as const;

/**
 * One of the settings page's images (`intent` = its kind, the file in `{kind}File`): a form of
 * its own, sent without reloading the settings form (nothing typed there is lost).
 */
export function SettingsImageCard({ kind, current, version }: { kind: SettingsImageKind; current: string; version: number }) {
  const t = IMAGE_CARDS[kind];
  const field = `${kind}File`;
  const fetcher = useFetcher<SettingsActionData>({ key: t.fetcherKey });
  const draft = useDraft(kind);
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  // One size limit for every uploaded image; the server checks the kind.
  const { picked, error: refused, onChange, clear } = usePickedImage((file) => (file.size > MAX_PICTURE_BYTES ? t.invalid : undefined));
  const preview = picked?.url;
  const busy = fetcher.state !== "idle";
  const guard = useSubmitOnce(busy, clear);
  useUnsavedChanges(!!preview);
  // The images are on every certificate (the logo on every cover page too): removing one is confirmed first.
  const [confirmRemove, setConfirmRemove] = useState(false);
  const token = useSubmissionToken();
  const error = refused || (fetcher.data && !fetcher.data.ok ? fetcher.data.fields[field] : undefined);
  return (
    <section className="card form-section logo-card" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`} className="section-title">
        {t.title}
      </h2>
      {t.draft && draft.files.length ? <DraftNotice draft={draft} /> : null}
      <div className="logo-row">
        <div className="logo-preview" aria-live="polite">
          {preview || current ? (
            <img src={preview ?? current} alt={preview ? `New ${kind} (not saved yet)` : `Current ${kind}`} />
          ) : (
            <span className="muted">{t.none}</span>
          )}
        </div>
        <fetcher.Form method="post" encType="multipart/form-data" data-draft={t.draft} className="logo-form" onSubmit={guard}>
          <input type="hidden" name="intent" value={kind} />
          <SubmissionField />
          <VersionFields version={version} changed={[t.column]} />
          <Field id={field} label={t.label} error={error} hint={t.hint}>
            <input {...describe(field, error, t.formats)} type="file" name={field} accept={t.accept} onChange={onChange} />
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
            form.set("_changed", t.column);
            fetcher.submit(withSubmissionToken(form, token), { method: "post", encType: "multipart/form-data" });
          }}
        />
      </div>
    </section>
  );
}
