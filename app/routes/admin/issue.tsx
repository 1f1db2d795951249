import { useEffect, useMemo, useState } from "react";
import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { roleMay } from "../../auth/permissions";
import type { Route } from "./+types/issue";
import { AddIcon, ButtonIcon, DataTable, EmptyList, RowAction, SelectCell, SelectionToolbar, StatusBadge, TableCard } from "../../components/admin/AdminTable";
import { DownloadButton } from "../../components/admin/DownloadButton";
import { issueLabel, shortDate, three } from "../../components/admin/format";
import { volumeIssueLabel } from "../../lib/archive";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { useSelection } from "../../components/admin/selection";
import { AssignDoisButton, DepositButtons, DepositProblems, type DepositRefusal } from "../../components/admin/IndexingTools";
import { flash } from "../../components/admin/flash";
import { assignDois } from "../../models/deposits.server";
import { CHECK_FIELDS, DOI_ASSIGN_MESSAGES, ISSUE_MESSAGES, NOT_FOUND_MESSAGES, RECORD_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { doiSetup } from "../../schemas/settings";
import { flashCookie, requireAdmin, type AdminSession } from "../../auth/admin.server";
import { staffActor } from "../../models/history.server";
import { removeIssue, saveIssueEdit } from "../../models/staff-writes.server";
import { IssueCorrections } from "../../components/admin/IssueCorrections";
import { HistoryPanel } from "../../components/admin/History";
import { useFlashFrom } from "../../components/admin/Flash";
import { journalYear } from "../../lib/dates";
import { formFields } from "../../schemas/common";
import { once } from "./once.server";
import { formExpectation, historyPanel, mergedNotice, withoutVersion } from "./records.server";
import { TITLE_PROFILE, sanitizeHtml } from "../../lib/html";
import { adminPageTitle } from "../../lib/site";
import { articleAdminPath, issueAdminPath, issuePath, parseIssueParams, STAFF_DOWNLOADS, staffPdfPath } from "../../lib/urls";
import { readAdminIssuePage } from "../../models/pages.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(loaderData ? issueLabel(loaderData.issue) : "Not Found!", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const ref = parseIssueParams(args.params, { plain: true });
  // One D1 round trip: the issue, its articles and their reader counts.
  const page = ref ? await readAdminIssuePage(db, journal.id, ref) : null;
  // A corrected issue's old address: its page is at the new one.
  if (page?.movedTo) throw redirect(issueAdminPath(page.movedTo));
  const issue = page?.issue;
  if (!page || !issue) throw data(NOT_FOUND_MESSAGES.issue, { status: 404 });
  const rows = page.articles;
  // Read with the page (one D1 round trip).
  const history = await historyPanel(db, journal.id, "issue", issue.id, journal.settings.timezone, page.history);
  return {
    issue: { id: issue.id, year: issue.year, volume: issue.volume, issue: issue.issue, frequency: issue.frequency, version: issue.version },
    trashed: page.trashed,
    history,
    // Whether "Assign DOIs" can run: the journal has a valid DOI prefix and suffix pattern.
    doiReady: doiSetup(journal.slug, journal.settings) !== null,
    articles: rows.map((a) => ({
      id: a.id,
      refnumber: a.refnumber,
      title: sanitizeHtml(a.title, TITLE_PROFILE),
      authorname: a.authorname,
      pagenumber: a.pagenumber,
      ptype: a.ptype,
      status: a.status,
      publishdate: a.publishdate,
      doi: a.doi,
      // The staff URL: it opens disabled articles' PDFs too (the public one is 404 for those).
      fileUrl: a.file ? staffPdfPath(a.id) : "",
      views: page.stats.get(a.id)?.views ?? 0,
      downloads: page.stats.get(a.id)?.downloads ?? 0,
    })),
  };
}

/**
 * "Assign DOIs" (the only action of this page): the selected articles without a DOI get one from
 * the journal's pattern, all or nothing — the same model function as POST /api/doi/assign.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const { db, journal, user } = session;
  const form = await args.request.formData().catch(() => null);
  const intent = form?.get("intent");
  if (form && (intent === "edit-issue" || intent === "delete-issue")) {
    const ref = parseIssueParams(args.params, { plain: true });
    const page = ref ? await readAdminIssuePage(db, journal.id, ref) : null;
    if (!page?.issue) throw data(NOT_FOUND_MESSAGES.issue, { status: 404 });
    return once(session, form, `${intent}-${page.issue.id}`, () => issueCorrection(session, form, page.issue!.id, intent));
  }
  const refnumbers = (form?.getAll("refnumbers") ?? []).filter((v): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,40}$/.test(v));
  if (form?.get("intent") !== "assign-dois" || refnumbers.length === 0 || refnumbers.length > 200) {
    return data({ ok: false, flash: flash("normal", ISSUE_MESSAGES.selectForDoi) }, { status: 400 });
  }
  const setup = doiSetup(journal.slug, journal.settings);
  if (!setup) return data({ ok: false, flash: flash("error", ISSUE_MESSAGES.doisNotSetUp, DOI_ASSIGN_MESSAGES.notConfigured) }, { status: 400 });
  const result = await assignDois(db, journal.id, setup, refnumbers, staffActor(user));
  if (result.ok) {
    if (!result.assigned.length) return { ok: true, flash: flash("normal", DOI_ASSIGN_MESSAGES.nothingToDo) };
    const kept = result.kept.length ? ` ${DOI_ASSIGN_MESSAGES.kept(result.kept.length)}` : "";
    const list = result.assigned.slice(0, 5).map((a) => a.doi).join(", ") + (result.assigned.length > 5 ? ", …" : "");
    return { ok: true, flash: flash("success", DOI_ASSIGN_MESSAGES.assigned(result.assigned.length), `${list}.${kept}`) };
  }
  if (result.error === "doi_clash") {
    const detail = result.clashes
      .slice(0, 5)
      .map((c) => ISSUE_MESSAGES.doiClash(c.doi, c.refnumber, c.usedBy))
      .join("; ");
    return data({ ok: false, flash: flash("error", DOI_ASSIGN_MESSAGES.clash, ISSUE_MESSAGES.doiClashes(detail)) }, { status: 409 });
  }
  if (result.error === "invalid_doi") {
    return data({ ok: false, flash: flash("error", DOI_ASSIGN_MESSAGES.invalid, result.invalid.map((i) => i.doi).slice(0, 5).join(", ")) }, { status: 400 });
  }
  return data({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, ISSUE_MESSAGES.articlesGone) }, { status: 404 });
}

/** Edit or delete the issue (ADR 021); both redirect on success, with a flash. */
async function issueCorrection({ db, journal, user, env }: AdminSession, form: FormData, id: number, intent: "edit-issue" | "delete-issue") {
  const actor = staffActor(user);
  const expect = formExpectation(form);
  if (intent === "delete-issue") {
    const result = await removeIssue(db, journal.id, actor, id, expect);
    if (!result.ok) {
      const detail = result.message ?? (result.code === "edit_conflict" || result.code === "precondition_failed" ? RECORD_MESSAGES.staleRecord : SOMETHING_WENT_WRONG);
      return data({ ok: false, flash: flash("error", ISSUE_MESSAGES.cannotDelete, detail) }, { status: result.status });
    }
    const i = result.value;
    throw redirect("/admin/archives", { headers: { "Set-Cookie": flashCookie({ kind: "success", msg: RECORD_MESSAGES.issueDeleted, detail: ISSUE_MESSAGES.gone(i) }, env) } });
  }
  const result = await saveIssueEdit(db, journal.id, actor, id, withoutVersion(formFields(form)), journalYear(journal.settings.timezone), expect);
  if (!result.ok) {
    if (result.code === "duplicate_issue") {
      return data({ ok: false, issueFields: {}, flash: flash("error", SOMETHING_WENT_WRONG, ISSUE_MESSAGES.sameAsAnother) }, { status: 409 });
    }
    if (result.code === "edit_conflict" || result.code === "precondition_failed") {
      const who = [...new Set(result.conflict?.changes.map((c) => c.actor) ?? [])].join(", ");
      return data({ ok: false, issueFields: {}, flash: flash("error", RECORD_MESSAGES.conflictTitle, `${who ? `${who} changed this issue meanwhile. ` : ""}${RECORD_MESSAGES.staleRecord}`) }, { status: 409 });
    }
    return data({ ok: false, issueFields: result.fields, flash: flash("error", SOMETHING_WENT_WRONG, CHECK_FIELDS) }, { status: result.status });
  }
  throw redirect(issueAdminPath(result.value), {
    headers: {
      "Set-Cookie": flashCookie(result.merged?.length ? mergedNotice(RECORD_MESSAGES.issueUpdated, result.merged) : { kind: "success", msg: RECORD_MESSAGES.issueUpdated, detail: RECORD_MESSAGES.issueUpdatedDetail }, env),
    },
  });
}

export const ErrorBoundary = AdminErrorBoundary;

const PdfIcon = <ButtonIcon d="M6 2h9l5 5v15H6zm8 1.5V8h4.5zM9 12v6h1.5v-2h1a2 2 0 0 0 0-4zm1.5 1.3h1a.7.7 0 0 1 0 1.4h-1z" />;
const ZipIcon = <ButtonIcon d="M4 3h16v18H4zm6 2v2h2V5zm2 2v2h2V7zm-2 2v2h2V9zm2 2v2h2v-2zm-2 3v4h4v-4z" />;

export default function IssueArticles({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, articles, doiReady, history, trashed } = loaderData;
  useFlashFrom(actionData);
  const keys = useMemo(() => articles.map((a) => a.refnumber), [articles]);
  const sel = useSelection(keys);
  const refnumbers = keys.filter((k) => sel.selected.has(k));
  const withoutDoi = articles.filter((a) => sel.selected.has(a.refnumber) && !a.doi).length;
  // A Crossref or DOAJ file the server refused, with what each article lacks.
  const [refusal, setRefusal] = useState<DepositRefusal | null>(null);
  const role = (useRouteLoaderData("routes/admin/layout") as { user?: { role?: string } } | undefined)?.user?.role;
  const mayOpenSettings = roleMay(role, "/admin/settings");
  // New data (DOIs assigned, say) makes the list stale: the next download checks again.
  useEffect(() => setRefusal(null), [articles]);
  const flagged = new Set(refusal?.articles.map((a) => a.refnumber));
  const editPath = (ref: string) => {
    const a = articles.find((x) => x.refnumber === ref);
    return a ? articleAdminPath(a.id) : null;
  };
  const publicPath = issuePath(issue);
  const addPath = `/admin/archives/add/${issue.year}/${issue.volume}/${issue.issue}`;

  return (
    <>
      <PageHeader
        crumbs={[{ to: "/admin/archives", label: "Archives" }]}
        title={
          <>
            {volumeIssueLabel(issue)} <span className="title-year">({issue.year})</span>
          </>
        }
        sub={
          <>
            {issue.frequency ? `${issue.frequency} · ` : ""}
            {three(articles.length)} {articles.length === 1 ? "article" : "articles"}
            {/* Readers only see issues with at least one enabled article. */}
            {articles.some((a) => a.status === "enabled") ? (
              <>
                {" · "}
                <a href={publicPath} target="_blank" rel="noopener noreferrer">
                  View on the site ↗
                </a>
              </>
            ) : null}
          </>
        }
        actions={
          <Link to={addPath} className="btn btn-primary">
            <AddIcon />
            Add New
          </Link>
        }
      />

      <TableCard
        title="Articles"
        titleId="articles-title"
        toolbar={
          <SelectionToolbar count={sel.count} hint="Select articles for the index page, certificates, DOIs or indexes">
            {([["indexPage", "Index Page", PdfIcon], ["certificates", "Certificate", ZipIcon]] as const).map(([kind, label, icon]) => (
              <DownloadButton
                key={kind}
                url={STAFF_DOWNLOADS[kind].path}
                body={{ refnumbers }}
                filename={STAFF_DOWNLOADS[kind].filename}
                label={label}
                count={refnumbers.length}
                noun="article"
                icon={icon}
              />
            ))}
            <span className="toolbar-divider" aria-hidden="true" />
            <AssignDoisButton refnumbers={refnumbers} withoutDoi={withoutDoi} ready={doiReady} />
            <DepositButtons refnumbers={refnumbers} issue={issue} onRefused={setRefusal} />
          </SelectionToolbar>
        }
      >
        {refusal ? <DepositProblems refusal={refusal} editPath={editPath} onClose={() => setRefusal(null)} mayOpenSettings={mayOpenSettings} /> : null}
        {articles.length === 0 ? (
          <EmptyList text="No articles in this issue yet." to={addPath} action="Add the first article" />
        ) : (
          <DataTable
            className="articles-table"
            stacked
            select={{ selection: sel, noun: "articles" }}
            columns={[
              { label: "S.No.", className: "num" },
              { label: "Ref No." },
              { label: "Title and authors" },
              { label: "Pages" },
              { label: "Published" },
              { label: "Views", className: "num", title: "Abstract page views by readers (bots not counted)" },
              { label: "Downloads", className: "num", title: "PDF downloads by readers (bots not counted)" },
              { label: "Status" },
              { label: "Edit", hidden: true },
            ]}
          >
            {articles.map((a, i) => {
              const checked = sel.selected.has(a.refnumber);
              return (
                <tr key={a.id} className={[checked ? "is-selected" : "", flagged.has(a.refnumber) ? "has-problem" : ""].filter(Boolean).join(" ") || undefined}>
                  <SelectCell checked={checked} onToggle={() => sel.toggle(a.refnumber)} label={`Select article ${a.refnumber}`} value={a.refnumber} name="refnumbers" />
                  <td className="num" data-label="S.No.">{i + 1}</td>
                  <td className="mono" data-label="Ref No.">{a.refnumber}</td>
                  <td className="title-cell">
                    <span className="a-article-title" dangerouslySetInnerHTML={{ __html: a.title }} />
                    <span className="a-article-authors">{a.authorname}</span>
                    {a.doi ? (
                      <span className="a-article-doi">
                        DOI <span className="mono">{a.doi}</span>
                      </span>
                    ) : doiReady ? (
                      <span className="a-article-doi is-missing">No DOI yet</span>
                    ) : null}
                  </td>
                  <td className="mono" data-label="Pages">{a.pagenumber}</td>
                  <td data-label="Published">
                    {shortDate(a.publishdate)}
                    <span className={`tag tag-${a.ptype}`}>{a.ptype}</span>
                  </td>
                  <td className="num stat-views" data-label="Views">{a.views}</td>
                  <td className="num stat-downloads" data-label="Downloads">{a.downloads}</td>
                  <td>
                    <StatusBadge status={a.status} />
                    {a.fileUrl ? (
                      <a className="pdf-link" href={a.fileUrl} target="_blank" rel="noopener noreferrer" aria-label={`PDF of article ${a.refnumber}`}>
                        PDF
                      </a>
                    ) : null}
                  </td>
                  <RowAction to={articleAdminPath(a.id)} label={`Edit article ${a.refnumber}`} className="edit-link">
                    EDIT
                  </RowAction>
                </tr>
              );
            })}
          </DataTable>
        )}
      </TableCard>
      <IssueCorrections
        key={issue.version}
        values={{ year: String(issue.year), volume: String(issue.volume), issue: String(issue.issue), frequency: issue.frequency }}
        version={issue.version}
        articles={articles.length}
        trashed={trashed}
        errors={actionData && "issueFields" in actionData ? (actionData.issueFields as Record<string, string>) : undefined}
      />
      <HistoryPanel entries={history.entries} more={history.more} allHref={history.allHref} />
      <p className="back-link">
        <Link to="/admin/archives">← All issues</Link>
      </p>
    </>
  );
}
