import { useEffect, useMemo, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { readForm } from "../../http/body";
import type { Route } from "./+types/archives";
import { createIssue, DuplicateIssueError, listIssues } from "../../models/issues.server";
import { formFields } from "../../schemas/common";
import { FREQUENCY_GROUPS } from "../../schemas/frequency";
import { validateIssue } from "../../schemas/issue";
import { journalYear } from "../../lib/dates";
import { BAD_REQUEST, CHECK_FIELDS, SOMETHING_WENT_WRONG, SUCCESS } from "../../schemas/messages";
import { describe, Field } from "../../components/admin/Field";
import { useFlashFrom } from "../../components/admin/Flash";
import { flash } from "../../components/admin/flash";
import { issueAdminPath, shortDate, three, two } from "../../components/admin/format";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { requireAdmin } from "../../auth/admin.server";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Archives · Admin", siteNameFromMatches(matches)) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const issues = await listIssues(db, journal.id);
  return { issues, currentYear: journalYear(journal.settings.timezone) };
}

/** Add issue (spec §5): volume, issue (≥ 0) and frequency required; the year is the current year. */
export async function action(args: Route.ActionArgs) {
  const { db, journal, user } = await requireAdmin(args);
  const read = await readForm(args.request);
  if (!read.ok) return data({ ok: false as const, fields: {} as Record<string, string>, flash: flash("error", SOMETHING_WENT_WRONG, BAD_REQUEST.text) }, { status: 400 });
  const input = formFields(read.form);
  const result = validateIssue(input, journalYear(journal.settings.timezone));
  if (!result.ok) {
    return data({ ok: false as const, fields: result.fields, flash: flash("error", SOMETHING_WENT_WRONG, CHECK_FIELDS) }, { status: 400 });
  }
  const { year, volume, issue } = result.value;
  try {
    await createIssue(db, journal.id, { ...result.value, createdby: user.username });
  } catch (error) {
    if (error instanceof DuplicateIssueError) {
      return data(
        {
          ok: false as const,
          fields: {} as Record<string, string>,
          flash: flash("error", SOMETHING_WENT_WRONG, `Volume ${volume}, Issue ${issue} of ${year} already exists.`),
        },
        { status: 409 },
      );
    }
    console.error("issue create failed", error);
    return data(
      { ok: false as const, fields: {} as Record<string, string>, flash: flash("error", SOMETHING_WENT_WRONG, "The issue was not created. Please try again.") },
      { status: 500 },
    );
  }
  return { ok: true as const, fields: {} as Record<string, string>, flash: flash("success", SUCCESS.issueCreated, `Volume ${two(volume)}, Issue ${two(issue)} (${year}) is ready for articles.`) };
}

export const ErrorBoundary = AdminErrorBoundary;

function AddIssueForm({ currentYear, suggestion, serverFields }: { currentYear: number; suggestion: { volume: number; issue: number } | null; serverFields: Record<string, string> }) {
  // Values typed before a session ended come back after signing in again (components/admin/session.ts).
  const draft = useDraft("issue");
  const [values, setValues] = useState({ volume: "", issue: "", frequency: "" });
  useEffect(() => {
    if (draft.values) setValues((v) => withDraft(v, draft.values));
  }, [draft.values]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const result = useMemo(() => validateIssue({ ...values, year: String(currentYear) }, currentYear), [values, currentYear]);
  const missing = !values.volume || !values.issue || !values.frequency;
  const fieldError = (k: "volume" | "issue" | "frequency") => {
    if (!values[k]) return serverFields[k];
    return !result.ok ? result.fields[k] : undefined;
  };
  return (
    <Form method="post" data-draft="issue" className="card add-issue" aria-labelledby="add-issue-title">
      <h2 id="add-issue-title">Add an issue</h2>
      <DraftNotice draft={draft} />
      <div className="add-issue-row">
        <Field id="year" label="Year">
          <input id="year" name="year" value={currentYear} readOnly aria-readonly="true" className="is-readonly" title="New issues are always for the current year" />
        </Field>
        <Field id="volume" label="Volume" required error={fieldError("volume")}>
          <input
            {...describe("volume", fieldError("volume"))}
            name="volume"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder={suggestion ? String(suggestion.volume) : "1"}
            value={values.volume}
            onChange={(e) => setValues((v) => ({ ...v, volume: e.target.value }))}
          />
        </Field>
        <Field id="issue" label="Issue" required error={fieldError("issue")}>
          <input
            {...describe("issue", fieldError("issue"))}
            name="issue"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder={suggestion ? String(suggestion.issue) : "1"}
            value={values.issue}
            onChange={(e) => setValues((v) => ({ ...v, issue: e.target.value }))}
          />
        </Field>
        <Field id="frequency" label="Frequency" required error={fieldError("frequency")}>
          <select
            {...describe("frequency", fieldError("frequency"))}
            name="frequency"
            value={values.frequency}
            onChange={(e) => setValues((v) => ({ ...v, frequency: e.target.value }))}
          >
            <option value="">Choose…</option>
            {FREQUENCY_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <div className="add-issue-submit">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={missing || !result.ok || busy}
            title={missing ? "Fill in volume, issue and frequency first" : undefined}
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {busy ? "Adding…" : "Add issue"}
          </button>
        </div>
      </div>
    </Form>
  );
}

export default function Archives({ loaderData, actionData }: Route.ComponentProps) {
  const { issues, currentYear } = loaderData;
  useFlashFrom(actionData);
  // A fresh, empty form after each issue is created.
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (actionData?.ok) setFormKey((k) => k + 1);
  }, [actionData]);

  const latest = issues.find((i) => i.year === currentYear) ?? issues[0];
  const suggestion = latest ? { volume: latest.year === currentYear ? latest.volume : latest.volume + 1, issue: latest.year === currentYear ? latest.issue + 1 : 1 } : null;

  return (
    <>
      <PageHeader title="Archives" sub={`${issues.length} ${issues.length === 1 ? "issue" : "issues"}, newest first. Open an issue to add or edit its articles.`} />
      <AddIssueForm key={formKey} currentYear={currentYear} suggestion={suggestion} serverFields={actionData && !actionData.ok ? actionData.fields : {}} />
      <section className="card table-card" aria-labelledby="issues-title">
        <h2 id="issues-title" className="visually-hidden">
          Issues
        </h2>
        {issues.length === 0 ? (
          <p className="empty-state">No issues yet. Add the first issue above.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table issues-table">
              <thead>
                <tr>
                  <th scope="col">Year</th>
                  <th scope="col">Volume</th>
                  <th scope="col">Issue</th>
                  <th scope="col">Frequency</th>
                  <th scope="col">Created</th>
                  <th scope="col" className="num">
                    Articles
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {issues.map((i) => (
                  <tr key={i.id}>
                    <td>{i.year}</td>
                    <td>{two(i.volume)}</td>
                    <td>{two(i.issue)}</td>
                    <td>{i.frequency || "—"}</td>
                    <td>{shortDate(i.creation)}</td>
                    <td className="num">
                      <span className={`count-pill${i.articles ? "" : " is-zero"}`}>{three(i.articles)}</span>
                    </td>
                    <td className="row-action">
                      <Link to={issueAdminPath(i)} className="btn btn-small btn-ghost" aria-label={`Open volume ${i.volume}, issue ${i.issue} (${i.year})`}>
                        Open
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
