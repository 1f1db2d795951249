import { Link } from "react-router";
import type { Route } from "./+types/search";
import { adminSearchArticles } from "../../models/search.server";
import { issueAdminPath, two } from "../../components/admin/format";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { requireAdmin } from "../../auth/admin.server";
import { sanitizeHtml, TITLE_PROFILE } from "../../lib/html";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.q ? `Search: ${loaderData.q} · Admin` : "Search · Admin", siteNameFromMatches(matches)) }];
}

/** Staff search (refnumber, transaction id, title, authors, e-mail), any status. */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const rows = q ? await adminSearchArticles(db, journal.id, q) : [];
  return {
    q,
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
  const { q, results } = loaderData;
  return (
    <>
      <PageHeader
        title="Search"
        sub={q ? `${results.length} ${results.length === 1 ? "article matches" : "articles match"} “${q}”.` : "Search by reference number, transaction ID, title, author or e-mail."}
      />
      {q && results.length === 0 ? (
        <section className="a-not-found compact">
          <h2>Not Found!</h2>
          <p>No article matches “{q}”. Try a reference number, a transaction ID or part of a title or author name.</p>
        </section>
      ) : null}
      {results.length ? (
        <section className="card table-card" aria-label="Search results">
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Ref No.</th>
                  <th scope="col">Title and authors</th>
                  <th scope="col">Issue</th>
                  <th scope="col">Pages</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Edit</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.map((a) => (
                  <tr key={a.id}>
                    <td className="mono">{a.refnumber}</td>
                    <td className="title-cell">
                      <span className="a-article-title" dangerouslySetInnerHTML={{ __html: a.title }} />
                      <span className="a-article-authors">{a.authorname}</span>
                      <span className="muted small">Txn: {a.txnid}</span>
                    </td>
                    <td>
                      <Link to={issueAdminPath(a)}>
                        Vol. {two(a.volume)}, Issue {two(a.issue)} ({a.year})
                      </Link>
                    </td>
                    <td className="mono">{a.pagenumber}</td>
                    <td>
                      <span className={`status status-${a.status}`}>{a.status === "enabled" ? "Enabled" : "Disabled"}</span>
                    </td>
                    <td className="row-action">
                      <Link to={`/admin/archives/${a.id}`} className="btn btn-small btn-ghost" aria-label={`Edit article ${a.refnumber}`}>
                        EDIT
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}
