import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { RECORD_MESSAGES } from "../../schemas/messages";
import { ConfirmDialog, useConfirmFirst } from "./ConfirmDialog";
import { describe, Field } from "./Field";
import { issueLabel } from "./format";
import { SubmissionField, useSubmitOnce } from "./SubmitOnce";
import { useUnsavedChanges } from "./UnsavedChanges";

/**
 * Corrections of an article added by mistake or to the wrong issue (ADR 021): move it to
 * another issue (its pages must start after that issue's last page, as for a new article), or
 * move it to the trash — unlike disabling, nothing of it stays public; restorable for 30 days.
 */
export function ArticleCorrections({
  version,
  issues,
  pagenumber,
  errors,
}: {
  version: number;
  issues: { id: number; year: number; volume: number; issue: number; frequency: string }[];
  pagenumber: string;
  errors?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state === "submitting";
  const [target, setTarget] = useState("");
  const [pages, setPages] = useState(pagenumber);
  useUnsavedChanges(target !== "" || pages !== pagenumber);
  const moveGuard = useSubmitOnce(busy && intent === "move");
  const confirmTrash = useConfirmFirst();
  const trashGuard = useSubmitOnce(busy && intent === "trash", (event) => {
    if (!confirmTrash.wasConfirmed()) {
      event.preventDefault();
      confirmTrash.ask();
    }
  });
  return (
    <section className="card form-section corrections" aria-labelledby="corrections-title">
      <h2 id="corrections-title" className="section-title">
        Corrections
      </h2>
      <div className="corrections-grid">
        <Form method="post" className="move-form" onSubmit={moveGuard} aria-labelledby="move-title">
          <h3 id="move-title">Move to another issue</h3>
          <SubmissionField />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="version" value={version} />
          <Field id="issue_id" label="Issue" required error={errors?.issue_id}>
            <select {...describe("issue_id", errors?.issue_id)} name="issue_id" value={target} onChange={(e) => setTarget(e.target.value)} required>
              <option value="">Choose…</option>
              {issues.map((i) => (
                <option key={i.id} value={i.id}>
                  {issueLabel(i)}
                  {i.frequency ? ` · ${i.frequency}` : ""}
                </option>
              ))}
            </select>
          </Field>
          <Field id="move-pagenumber" label="Page numbers in that issue" error={errors?.pagenumber} hint="They must start after the last page of that issue.">
            <input {...describe("move-pagenumber", errors?.pagenumber, "hint")} name="pagenumber" value={pages} onChange={(e) => setPages(e.target.value)} inputMode="numeric" maxLength={20} autoComplete="off" />
          </Field>
          <button type="submit" className="btn btn-secondary" disabled={!target || busy}>
            {busy && intent === "move" ? "Moving…" : "Move article"}
          </button>
        </Form>
        <Form method="post" className="trash-form" onSubmit={trashGuard} ref={confirmTrash.formRef} aria-labelledby="trash-title">
          <h3 id="trash-title">Delete</h3>
          <SubmissionField />
          <input type="hidden" name="intent" value="trash" />
          <input type="hidden" name="version" value={version} />
          <p className="field-hint">Added by mistake? Move it to the trash: it leaves the site at once and can be restored for 30 days.</p>
          <button type="submit" className="btn btn-danger-outline" disabled={busy} aria-haspopup="dialog">
            {busy && intent === "trash" ? "Moving to the trash…" : "Move to trash"}
          </button>
        </Form>
      </div>
      <ConfirmDialog {...confirmTrash.dialog} title={RECORD_MESSAGES.trashArticleTitle} body={RECORD_MESSAGES.trashArticleBody} confirmLabel="Move to trash" />
    </section>
  );
}

/** The edit page of an article in the trash: when it goes for good, and Restore. */
export function TrashedArticle({ version, trashedAt, purgeAt, by }: { version: number; trashedAt: string; purgeAt: string; by: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const guard = useSubmitOnce(busy);
  return (
    <section className="card form-section trashed-notice" aria-labelledby="trashed-title">
      <h2 id="trashed-title" className="section-title">
        This article is in the trash
      </h2>
      <p>
        {by ? `${by} moved it to the trash on ${trashedAt}. ` : `It went to the trash on ${trashedAt}. `}
        Readers and staff lists no longer show it. It will be deleted for good, with its PDF, on <strong>{purgeAt}</strong>.
      </p>
      <Form method="post" onSubmit={guard}>
        <SubmissionField />
        <input type="hidden" name="intent" value="restore" />
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Restoring…" : "Restore article"}
        </button>
      </Form>
    </section>
  );
}
