import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { countEditors } from "../../models/editors.server";
import { countIssues, latestIssue } from "../../models/issues.server";
import { lastEditedArticles } from "../../models/articles.server";
import { issueLabel, shortDate } from "../../components/admin/format";
import { htmlToText } from "../../lib/html";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { requireAdmin } from "../../auth/admin.server";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { articleAdminPath, issueAdminPath } from "../../lib/urls";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Admin", siteNameFromMatches(matches)) }];
}

/** Dashboard counts (spec §3): archives (issues) and editors of this journal. */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal, user } = await requireAdmin(args);
  const [archives, editors, latest, edited] = await Promise.all([
    countIssues(db, journal.id),
    countEditors(db, journal.id),
    latestIssue(db, journal.id),
    lastEditedArticles(db, journal.id, 5),
  ]);
  return {
    archives,
    editors,
    name: user.name || user.username,
    latest: latest ?? null,
    edited: edited.map((a) => ({ ...a, title: htmlToText(a.title) })),
  };
}

export const ErrorBoundary = AdminErrorBoundary;

/** One count of the dashboard (spec §3), linking to its page (`/admin/{name}`); `note` follows the count's unit. */
function DashCard({ name, icon, title, count, unit, note }: { name: string; icon: string; title: string; count: number; unit: [string, string]; note: string }) {
  const to = `/admin/${name}`;
  return (
    <article className={`dash-card dash-${name}`}>
      <div className="dash-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path fill="currentColor" d={icon} />
        </svg>
      </div>
      <h2>
        <Link to={to} className="dash-link">
          {title}
        </Link>
      </h2>
      <p className="dash-count" aria-label={`${count} ${unit[1]}`}>
        {count}
      </p>
      <p className="dash-note">
        {count === 1 ? unit[0] : unit[1]} {note}
      </p>
      <Link to={to} className="btn btn-secondary btn-small">
        Open {name}
      </Link>
    </article>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { archives, editors, name, latest, edited } = loaderData;
  return (
    <>
      <PageHeader title="Dashboard" sub={`Welcome back, ${name}.`} />
      <div className="dash-cards">
        <DashCard
          name="archives"
          icon="M3 4h18v4H3zm1 5h16v11H4zm5 2v2h6v-2z"
          title="Archives"
          count={archives}
          unit={["issue", "issues"]}
          note="· add issues and publish articles"
        />
        <DashCard
          name="editors"
          icon="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm7 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM9 13c-3.3 0-7 1.7-7 4v3h14v-3c0-2.3-3.7-4-7-4zm7 0c-.5 0-1 0-1.6.1 1.6 1 2.6 2.3 2.6 3.9v3h5v-3c0-2.3-3.1-4-6-4z"
          title="Editors"
          count={editors}
          unit={["editor", "editors"]}
          note="on the board · enable, pin and certificates"
        />
      </div>
      <div className="dash-recent">
        <section className="card dash-latest" aria-labelledby="latest-issue-title">
          <h2 id="latest-issue-title" className="section-title">
            Latest issue
          </h2>
          {latest ? (
            <>
              <p className="dash-latest-name">
                {issueLabel(latest)}{latest.frequency ? ` · ${latest.frequency}` : ""}
              </p>
              <p className="muted">
                {latest.articles} {latest.articles === 1 ? "article" : "articles"}
              </p>
              <Link to={issueAdminPath(latest)} className="btn btn-primary btn-small">
                Open the latest issue
              </Link>
            </>
          ) : (
            <p className="muted">No issues yet.</p>
          )}
        </section>
        <section className="card dash-edited" aria-labelledby="last-edited-title">
          <h2 id="last-edited-title" className="section-title">
            Last edited articles
          </h2>
          {edited.length ? (
            <ol className="dash-edited-list">
              {edited.map((a) => (
                <li key={a.id}>
                  <Link to={articleAdminPath(a.id)}>{a.title || `Article ${a.refnumber}`}</Link>
                  <span className="muted small">
                    {" "}
                    · Ref {a.refnumber} · {issueLabel(a)} · {shortDate(a.modification)}
                    {a.status === "disabled" ? " · Disabled" : ""}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">No articles yet.</p>
          )}
        </section>
      </div>
    </>
  );
}
