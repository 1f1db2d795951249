import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Form } from "react-router";
import { EDITOR_CATEGORY_OPTIONS, EDITOR_POSTS, validateEditor } from "../../schemas/editor";
import { FIELD_MESSAGES } from "../../schemas/messages";
import { htmlToText } from "../../lib/html";
import { describe, Field } from "./Field";
import { SubmissionField, useSubmitOnce } from "./SubmitOnce";
import { PickedFile, refusedPicture, usePickedImage } from "./PickedImage";
import { ConflictPanel, useVersionedValues, VersionFields, type RecordFormProps } from "./Conflict";
import { FIELD_LABELS } from "./history-view";
import { useUnsavedChanges } from "./UnsavedChanges";
import { RecordFormActions } from "./SubmitButton";

const EDITOR_TEXT_FIELDS = ["category", "post", "name", "degree", "content", "email", "phone", "country", "editor_website"] as const;
export type EditorFormValues = Record<(typeof EDITOR_TEXT_FIELDS)[number], string>;

export const EMPTY_EDITOR: EditorFormValues = {
  category: "", post: "", name: "", degree: "", content: "", email: "", phone: "", country: "", editor_website: "",
};

/** Add/edit editor (spec §5): category, post, name and content required; picture with preview. */
export function EditorForm({
  mode,
  initial,
  picture,
  serverErrors,
  busy,
  version,
  conflict,
  stored,
}: RecordFormProps<EditorFormValues> & {
  /** URL of the current picture (or the default avatar). */
  picture: string;
}) {
  const { values, setValues, version: currentVersion, changed } = useVersionedValues(initial, version, conflict, stored);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>(serverErrors ?? {});
  const newPicture = usePickedImage((file) => refusedPicture(file, FIELD_MESSAGES.picture));
  const preview = newPicture.picked;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setServer(serverErrors ?? {}), [serverErrors]);

  const result = useMemo(() => validateEditor(values), [values]);
  const errors: Record<string, string> = result.ok ? {} : result.fields;
  const visible = (k: string) => ((submitted || touched[k]) && errors[k]) || server[k] || undefined;

  function set(key: keyof EditorFormValues, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    if (server[key]) setServer(({ [key]: _drop, ...rest }) => rest);
  }
  const text = (key: keyof EditorFormValues, hint?: string) => ({
    ...describe(key, visible(key), hint),
    name: key,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(key, e.target.value),
    onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
  });

  function onPicture(event: ChangeEvent<HTMLInputElement>) {
    if (server.imgFile) setServer(({ imgFile: _drop, ...rest }) => rest);
    newPicture.onChange(event);
  }

  // A post stored with emphasis or an older wording stays selectable.
  const postText = htmlToText(initial.post);
  const posts: { value: string; label: string }[] = EDITOR_POSTS.map((p) => ({ value: p, label: p }));
  if (initial.post && !EDITOR_POSTS.includes(initial.post as (typeof EDITOR_POSTS)[number])) posts.unshift({ value: initial.post, label: postText });

  const pictureMessage = newPicture.error || server.imgFile;
  // Leaving the page with typed changes (or a chosen picture) asks first.
  useUnsavedChanges(changed.length > 0 || !!preview);
  const guard = useSubmitOnce(busy, (event) => {
    setSubmitted(true);
    if (Object.keys(errors).length === 0) return;
    event.preventDefault();
    const first = ["category", "post", "name", "content", "editor_website"].find((k) => errors[k]);
    formRef.current?.querySelector<HTMLElement>(`#${first}`)?.focus();
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      ref={formRef}
      data-draft="editor"
      className="editor-form"
      onSubmit={guard}
    >
      <SubmissionField />
      <VersionFields version={currentVersion} changed={preview ? [...changed, "imgFile"] : changed} />
      <ConflictPanel conflict={conflict} typed={values} labels={FIELD_LABELS} />
      <div className="editor-form-grid">
        <fieldset className="card form-section">
          <legend>Board entry</legend>
          <div className="grid-2">
            <Field id="category" label="Category" required error={visible("category")}>
              <select {...text("category")}>
                <option value="">Choose…</option>
                {EDITOR_CATEGORY_OPTIONS.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="post" label="Post" required error={visible("post")}>
              <select {...text("post")}>
                <option value="">Choose…</option>
                {posts.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="name" label="Name" required error={visible("name")} hint="As it should appear on the board, e.g. Dr. Anjali Sharma.">
              <input {...text("name", "hint")} maxLength={200} autoComplete="off" />
            </Field>
            <Field id="degree" label="Degree">
              <input {...text("degree")} maxLength={200} placeholder="Ph.D." />
            </Field>
          </div>
          <Field id="content" label="Affiliation" required error={visible("content")} hint="Department, institution, city.">
            <textarea {...text("content", "hint")} rows={3} maxLength={2000} />
          </Field>
        </fieldset>

        <fieldset className="card form-section picture-section">
          <legend>Picture</legend>
          <div className="picture-preview">
            <img src={preview?.url ?? picture} alt={preview ? "Preview of the new picture" : "Current picture"} width={120} height={120} />
          </div>
          <Field id="imgFile" label={mode === "add" ? "Upload a picture" : "Replace the picture"} error={pictureMessage} hint="JPEG, PNG or WebP, at most 2 MB. Without one the board shows a default avatar.">
            <input
              ref={newPicture.input}
              {...describe("imgFile", pictureMessage, "hint")}
              type="file"
              name="imgFile"
              accept="image/jpeg,image/png,image/webp"
              onChange={onPicture}
            />
          </Field>
          <PickedFile picked={preview} onRemove={newPicture.remove} />
        </fieldset>

        <fieldset className="card form-section">
          <legend>Contact</legend>
          <div className="grid-2">
            <Field id="email" label="E-mail">
              <input {...text("email")} type="email" maxLength={320} autoComplete="off" />
            </Field>
            <Field id="phone" label="Phone">
              <input {...text("phone")} type="tel" maxLength={64} autoComplete="off" />
            </Field>
            <Field id="country" label="Country">
              <input {...text("country")} maxLength={128} autoComplete="off" />
            </Field>
            <Field id="editor_website" label="Website" error={visible("editor_website")}>
              <input {...text("editor_website")} type="url" maxLength={500} placeholder="https://" />
            </Field>
          </div>
        </fieldset>
      </div>

      <RecordFormActions errors={errors} submitted={submitted} busy={busy} cancelTo="/admin/editors" label={mode === "add" ? "Add editor" : "Save changes"} />
    </Form>
  );
}
