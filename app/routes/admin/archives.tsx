import { useEffect, useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { readForm } from "../../http/body";
import type { Route } from "./+types/archives";
import { readIssueList } from "../../models/issues.server";
import { addIssue } from "../../models/staff-writes.server";
import { countTrash } from "../../models/article-corrections.server";
import { staffActor } from "../../models/history.server";
import { useUnsavedChanges } from "../../components/admin/UnsavedChanges";
import { formFailure, formSuccess } from "./form-answer.server";
import { formFields } from "../../schemas/common";
import { FrequencyOptions } from "../../components/admin/FrequencyOptions";
import { SubmitButton } from "../../components/admin/SubmitButton";
import { validateIssue } from "../../schemas/issue";
import { journalYear } from "../../lib/dates";
import { BAD_REQUEST, ISSUE_MESSAGES, SUCCESS } from "../../schemas/messages";
import { describe, Field } from "../../components/admin/Field";
import { useFlashFrom } from "../../components/admin/Flash";
import { CountCell, DataTable, OpenIssueAction, TableCard } from "../../components/admin/AdminTable";
import { shortDate, two } from "../../components/admin/format";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { SubmissionField, useSubmitOnce } from "../../components/admin/SubmitOnce";
import { requireAdmin } from "../../auth/admin.server";
import { once } from "./once.server";
import { adminPageTitle } from "../../lib/site";
import { pageCount, pageParam } from "../../lib/paging";
import { AdminPager } from "../../components/admin/AdminPager";
import { issueAdminPath } from "../../lib/urls";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Archives", matches) }];
}

/**
 * Years of issues, a page at a time, so the list stays quick as the archive grows. `?year=2025` shows one year; without it, every year newest
 * first (the current year leads); `?page=N` pages through either, a page at a time.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const yearParam = params.get("year");
  const year = yearParam && /^\d{4}$/.test(yearParam) ? Number(yearParam) : undefined;
  const page = pageParam(params.get("page"));
  const [list, trash] = await Promise.all([readIssueList(db, journal.id, { year, page }), countTrash(db, journal.id)]);
  return { ...list, trash, year: year ?? null, page, pages: pageCount(list.total, list.pageSize), currentYear: journalYear(journal.settings.timezone) };
}

/** Add issue (spec §5): the use-case shared with POST /api/admin/create-issue, as a flash. */
export async function action(args: Route.ActionArgs) {
  const { db, journal, user } = await requireAdmin(args);
  const read = await readForm(args.request);
  if (!read.ok) return formFailure({}, 400, BAD_REQUEST.text);
  const form = read.form;
  return once({ db, journal }, form, "issue-add", async () => {
    try {
      const result = await addIssue(db, journal.id, staffActor(user), formFields(form), journalYear(journal.settings.timezone));
      if (result.ok) return formSuccess(SUCCESS.issueCreated, ISSUE_MESSAGES.ready(result.value));
      return "duplicate" in result ? formFailure({}, result.status, ISSUE_MESSAGES.exists(result.duplicate)) : formFailure(result.fields, result.status);
    } catch (error) {
      console.error("issue create failed", error);
      return formFailure({}, 500, ISSUE_MESSAGES.notCreated);
    }
  });
}

export const ErrorBoundary = AdminErrorBoundary;

/** The new issue's number fields; the next numbers are suggested as placeholders. */
const NUMBER_FIELDS = [
  ["volume", "Volume"],
  ["issue", "Issue"],
] as const;

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
  // Typed but not added yet: leaving the page asks first.
  useUnsavedChanges(!!(values.volume || values.issue || values.frequency));
  const guard = useSubmitOnce(busy);
  const fieldError = (k: "volume" | "issue" | "frequency") => {
    if (!values[k]) return serverFields[k];
    return !result.ok ? result.fields[k] : undefined;
  };
  return (
    <Form method="post" data-draft="issue" className="card add-issue" aria-labelledby="add-issue-title" onSubmit={guard}>
      <h2 id="add-issue-title">Add an issue</h2>
      <DraftNotice draft={draft} />
      <SubmissionField />
      <div className="add-issue-row">
        <Field id="year" label="Year">
          <input id="year" name="year" value={currentYear} readOnly aria-readonly="true" className="is-readonly" title="New issues are always for the current year" />
        </Field>
        {NUMBER_FIELDS.map(([k, label]) => (
          <Field key={k} id={k} label={label} required error={fieldError(k)}>
            <input
              {...describe(k, fieldError(k))}
              name={k}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder={suggestion ? String(suggestion[k]) : "1"}
              value={values[k]}
              onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
            />
          </Field>
        ))}
        <Field id="frequency" label="Frequency" required error={fieldError("frequency")}>
          <select
            {...describe("frequency", fieldError("frequency"))}
            name="frequency"
            value={values.frequency}
            onChange={(e) => setValues((v) => ({ ...v, frequency: e.target.value }))}
          >
            <FrequencyOptions />
          </select>
        </Field>
        <div className="add-issue-submit">
          <SubmitButton
            busy={busy}
            disabled={missing || !result.ok || busy}
            title={missing ? "Fill in volume, issue and frequency first" : undefined}
            label="Add issue"
            busyLabel="Adding…"
          />
        </div>
      </div>
    </Form>
  );
}

export default function Archives({ loaderData, actionData }: Route.ComponentProps) {
  const { issues, years, total, newest, year, page, pages, currentYear, trash } = loaderData;
  useFlashFrom(actionData);
  // A fresh, empty form after each issue is created.
  const [formKey, setFormKey] = useState(0);
  const [seen, setSeen] = useState(actionData);
  if (actionData !== seen) {
    setSeen(actionData);
    if (actionData?.ok) setFormKey((k) => k + 1);
  }

  const suggestion = newest ? { volume: newest.year === currentYear ? newest.volume : newest.volume + 1, issue: newest.year === currentYear ? newest.issue + 1 : 1 } : null;
  const allIssues = years.reduce((n, y) => n + y.issues, 0);
  const href = (p: number, y: number | null = year) => {
    const q = new URLSearchParams();
    if (y !== null) q.set("year", String(y));
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `/admin/archives${s ? `?${s}` : ""}`;
  };
  // Rows grouped by year when the page holds several: a heading row wherever the year changes.
  const grouped = new Set(issues.map((i) => i.year)).size > 1;
  const rows: ({ kind: "year"; year: number; count: number } | { kind: "issue"; issue: (typeof issues)[number] })[] = [];
  for (const i of issues) {
    const prev = rows.length ? rows[rows.length - 1] : null;
    const prevYear = prev ? (prev.kind === "year" ? prev.year : prev.issue.year) : null;
    if (grouped && prevYear !== i.year) rows.push({ kind: "year", year: i.year, count: years.find((y) => y.year === i.year)?.issues ?? 0 });
    rows.push({ kind: "issue", issue: i });
  }
  const plural = (n: number) => `${n} ${n === 1 ? "issue" : "issues"}`;

  return (
    <>
      <PageHeader
        title="Archives"
        sub={`${plural(allIssues)} in ${years.length} ${years.length === 1 ? "year" : "years"}, newest first. Open an issue to add or edit its articles.`}
        actions={
          <Link to="/admin/trash" className="btn btn-secondary">
            Trash{trash ? ` (${trash})` : ""}
          </Link>
        }
      />
      <AddIssueForm key={formKey} currentYear={currentYear} suggestion={suggestion} serverFields={actionData && !actionData.ok ? actionData.fields : {}} />
      <TableCard
        title={year === null ? "All issues" : `Issues of ${year}`}
        titleId="issues-title"
        toolbar={
          years.length > 1 ? (
            <nav className="year-filter" aria-label="Show the issues of one year">
              <ul>
                <li>
                  <Link to={href(1, null)} className={`chip${year === null ? " is-current" : ""}`} aria-current={year === null ? "page" : undefined}>
                    All years
                  </Link>
                </li>
                {years.map((y) => (
                  <li key={y.year}>
                    <Link to={href(1, y.year)} className={`chip${year === y.year ? " is-current" : ""}`} aria-current={year === y.year ? "page" : undefined}>
                      {y.year} <span className="chip-count">({y.issues})</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null
        }
      >
        {issues.length === 0 ? (
          <p className="empty-state">
            {total === 0 && allIssues === 0 ? (
              "No issues yet. Add the first issue above."
            ) : (
              <>
                {`Page ${page} of ${pages}: no issues here. `}
                <Link to={href(1)}>Back to the first page</Link>
              </>
            )}
          </p>
        ) : (
          <DataTable
            className="issues-table"
            stacked
            columns={[
              { label: "Year" },
              { label: "Volume" },
              { label: "Issue" },
              { label: "Frequency" },
              { label: "Created" },
              { label: "Articles", className: "num" },
              { label: "Open", hidden: true },
            ]}
          >
            {rows.map((r) =>
              r.kind === "year" ? (
                <tr key={`y${r.year}`} className="year-row">
                  <th scope="colgroup" colSpan={7}>
                    {r.year} <span className="muted small">· {plural(r.count)}</span>
                  </th>
                </tr>
              ) : (
                <tr key={r.issue.id}>
                  <td data-label="Year">{r.issue.year}</td>
                  <td data-label="Volume">{two(r.issue.volume)}</td>
                  <td data-label="Issue">{two(r.issue.issue)}</td>
                  <td data-label="Frequency">{r.issue.frequency || "—"}</td>
                  <td data-label="Created">{shortDate(r.issue.creation)}</td>
                  <CountCell count={r.issue.articles} label="Articles" />
                  <OpenIssueAction to={issueAdminPath(r.issue)} issue={r.issue} />
                </tr>
              ),
            )}
          </DataTable>
        )}
        <AdminPager page={page} pages={pages} href={(p) => href(p)} label="Pages of issues" />
      </TableCard>
    </>
  );
}
