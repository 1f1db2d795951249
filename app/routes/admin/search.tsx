import { Link } from "react-router";
import type { Route } from "./+types/search";
import { adminSearchPage, ADMIN_SEARCH_PAGE_SIZE } from "../../models/search.server";
import { searchIssues } from "../../models/issues.server";
import { parseIssueQuery } from "../../lib/issue-query";
import { pageCount, pageParam } from "../../lib/paging";
import { AdminPager } from "../../components/admin/AdminPager";
import { CountCell, DataTable, OpenIssueAction, RowAction, StatusBadge, TableCard } from "../../components/admin/AdminTable";
import { issueLabel } from "../../components/admin/format";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { requireAdmin } from "../../auth/admin.server";
import { sanitizeHtml, TITLE_PROFILE } from "../../lib/html";
import { adminPageTitle } from "../../lib/site";
import { adminSearchPath, articleAdminPath, issueAdminPath } from "../../lib/urls";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: adminPageTitle(loaderData?.q ? `Search: ${loaderData.q}` : "Search", matches) }];
}

/**
 * Staff search (refnumber, transaction id, title, authors, e-mail), any status, paged; and the
 * issues a query like "2025" or "vol 4 issue 2" names.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = pageParam(params.get("page"), 1000);
  const issueQuery = q ? parseIssueQuery(q) : null;
  const [{ rows, total }, issues] = await Promise.all([
    q ? adminSearchPage(db, journal.id, q, { page }) : { rows: [], total: 0 },
    issueQuery ? searchIssues(db, journal.id, issueQuery) : [],
  ]);
  return {
    q,
    page,
    total,
    pages: pageCount(total, ADMIN_SEARCH_PAGE_SIZE),
    issues,
    results: rows.map((a) => ({
      id: a.id,
      refnumber: a.refnumber,
      title: sanitizeHtml(a.title, TITLE_PROFILE),
      authorname: a.authorname,
      txnid: a.txnid,
      year: a.year,
      volume: a.volume,
      issue: a.issue,
      pagenumber: a.pagenumber,
      status: a.status,
    })),
  };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results, issues, total, page, pages } = loaderData;
  const nothing = q && total === 0 && issues.length === 0;
  const summary = [
    issues.length ? `${issues.length} ${issues.length === 1 ? "issue" : "issues"}` : "",
    `${total} ${total === 1 ? "article matches" : "articles match"}`,
  ]
    .filter(Boolean)
    .join(" and ");
  return (
    <>
      <PageHeader
        title="Search"
        sub={q ? `${summary} “${q}”.` : "Search by reference number, transaction ID, title, author, e-mail, or an issue (2025, vol 4 issue 2)."}
      />
      {nothing ? (
        <section className="a-not-found compact">
          <h2>Not Found!</h2>
          <p>No article or issue matches “{q}”. Try a reference number, a transaction ID, part of a title or author name, or an issue like “vol 4 issue 2”.</p>
        </section>
      ) : null}
      {issues.length ? (
        <TableCard title="Issues" titleId="issue-results-title">
          <DataTable className="issues-table" stacked columns={[{ label: "Issue" }, { label: "Frequency" }, { label: "Articles", className: "num" }, { label: "Open", hidden: true }]}>
            {issues.map((i) => (
              <tr key={i.id}>
                <td className="name-cell">
                  {issueLabel(i)}
                </td>
                <td data-label="Frequency">{i.frequency || "—"}</td>
                <CountCell count={i.articles} label="Articles" />
                <OpenIssueAction to={issueAdminPath(i)} issue={i} />
              </tr>
            ))}
          </DataTable>
        </TableCard>
      ) : null}
      {q && total > 0 && results.length === 0 ? (
        <p className="card empty-state">
          Page {page} of {pages}: no more articles. <Link to={adminSearchPath(q)}>Back to the first page</Link>
        </p>
      ) : null}
      {results.length ? (
        <TableCard label="Matching articles">
          <DataTable
            stacked
            columns={[{ label: "Ref No." }, { label: "Title and authors" }, { label: "Issue" }, { label: "Pages" }, { label: "Status" }, { label: "Edit", hidden: true }]}
          >
            {results.map((a) => (
              <tr key={a.id}>
                <td className="mono" data-label="Ref No.">{a.refnumber}</td>
                <td className="title-cell">
                  <span className="a-article-title" dangerouslySetInnerHTML={{ __html: a.title }} />
                  <span className="a-article-authors">{a.authorname}</span>
                  <span className="muted small">Txn: {a.txnid}</span>
                </td>
                <td data-label="Issue">
                  <Link to={issueAdminPath(a)}>
                    {issueLabel(a)}
                  </Link>
                </td>
                <td className="mono" data-label="Pages">{a.pagenumber}</td>
                <td>
                  <StatusBadge status={a.status} />
                </td>
                <RowAction to={articleAdminPath(a.id)} label={`Edit article ${a.refnumber}`}>
                  EDIT
                </RowAction>
              </tr>
            ))}
          </DataTable>
          <AdminPager page={page} pages={pages} href={(p) => adminSearchPath(q, p)} label="Pages of matching articles" />
        </TableCard>
      ) : null}
    </>
  );
}
