import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FrequencyOptions } from "./FrequencyOptions";
import { RECORD_MESSAGES } from "../../schemas/messages";
import { ConfirmDialog, useConfirmFirst } from "./ConfirmDialog";
import { VersionFields } from "./Conflict";
import { describe, Field } from "./Field";
import { useFlash } from "./Flash";
import { flash } from "./flash";
import { SubmissionField, useSubmitOnce } from "./SubmitOnce";
import { useUnsavedChanges } from "./UnsavedChanges";

interface IssueValues {
  year: string;
  volume: string;
  issue: string;
  frequency: string;
}

/**
 * Corrections of an issue (ADR 021): its year, volume, number and frequency (an edit may correct
 * the year; adding keeps the current year), and deleting it when it was added by mistake — only
 * an empty one can go. Its old address and its articles' old addresses lead to the new ones.
 */
export function IssueCorrections({
  values,
  version,
  articles,
  trashed,
  errors,
}: {
  values: IssueValues;
  version: number;
  articles: number;
  trashed: number;
  errors?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state === "submitting";
  const [typed, setTyped] = useState(values);
  const changed = (Object.keys(values) as (keyof IssueValues)[]).filter((k) => typed[k] !== values[k]);
  useUnsavedChanges(changed.length > 0);
  const editGuard = useSubmitOnce(busy && intent === "edit-issue");
  const show = useFlash();
  const confirmDelete = useConfirmFirst();
  const deleteGuard = useSubmitOnce(busy && intent === "delete-issue", (event) => {
    if (!confirmDelete.wasConfirmed()) {
      event.preventDefault();
      // Refused at once when it has articles: no question first (the server refuses it too).
      if (articles + trashed > 0) show(flash("error", "This issue cannot be deleted", RECORD_MESSAGES.issueNotEmpty(articles, trashed)));
      else confirmDelete.ask();
    }
  });
  const set = (key: keyof IssueValues) => (e: { target: { value: string } }) => setTyped((t) => ({ ...t, [key]: e.target.value }));
  return (
    <section className="card form-section corrections" aria-labelledby="issue-corrections-title">
      <h2 id="issue-corrections-title" className="section-title">
        Correct this issue
      </h2>
      <div className="corrections-grid">
        <Form method="post" className="issue-edit-form" onSubmit={editGuard} aria-labelledby="issue-edit-title" noValidate>
          <h3 id="issue-edit-title">Year, volume, number and period</h3>
          <SubmissionField />
          <input type="hidden" name="intent" value="edit-issue" />
          <VersionFields version={version} changed={changed} />
          <div className="grid-4">
            <Field id="edit-year" label="Year" required error={errors?.year}>
              <input {...describe("edit-year", errors?.year)} name="year" type="number" min={1900} step={1} inputMode="numeric" value={typed.year} onChange={set("year")} />
            </Field>
            <Field id="edit-volume" label="Volume" required error={errors?.volume}>
              <input {...describe("edit-volume", errors?.volume)} name="volume" type="number" min={0} step={1} inputMode="numeric" value={typed.volume} onChange={set("volume")} />
            </Field>
            <Field id="edit-issue" label="Issue" required error={errors?.issue}>
              <input {...describe("edit-issue", errors?.issue)} name="issue" type="number" min={0} step={1} inputMode="numeric" value={typed.issue} onChange={set("issue")} />
            </Field>
            <Field id="edit-frequency" label="Frequency" required error={errors?.frequency}>
              <select {...describe("edit-frequency", errors?.frequency)} name="frequency" value={typed.frequency} onChange={set("frequency")}>
                <FrequencyOptions />
              </select>
            </Field>
          </div>
          <p className="field-hint">The issue's and its articles' old web addresses will lead to the new ones; DOIs do not change.</p>
          <button type="submit" className="btn btn-primary" disabled={busy || changed.length === 0}>
            {busy && intent === "edit-issue" ? "Saving…" : "Save issue"}
          </button>
        </Form>
        <Form method="post" className="trash-form" onSubmit={deleteGuard} ref={confirmDelete.formRef} aria-labelledby="issue-delete-title">
          <h3 id="issue-delete-title">Delete</h3>
          <SubmissionField />
          <input type="hidden" name="intent" value="delete-issue" />
          <input type="hidden" name="version" value={version} />
          <p className="field-hint">Added by mistake? An issue without articles can be deleted.</p>
          <button type="submit" className="btn btn-danger-outline" disabled={busy} aria-haspopup="dialog">
            Delete issue
          </button>
        </Form>
      </div>
      <ConfirmDialog {...confirmDelete.dialog} title={RECORD_MESSAGES.deleteIssueTitle} body={RECORD_MESSAGES.deleteIssueBody} confirmLabel="Delete issue" />
    </section>
  );
}
