import type { Route } from "./+types/journals";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { listPublicJournals } from "../../models/journals.server";
import { MonogramBadge } from "../../components/MonogramBadge";
import { absoluteUrl, listedJournalLogoPath } from "../../lib/urls";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

/** The publisher's journal list: every enabled, listed journal of this deployment. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const journals = await listPublicJournals(getDb(env.DB), env);
  return {
    publisher: journal.settings.publisher_name,
    journals: journals.map((j) => ({
      id: j.id,
      name: j.websitename,
      issn: j.issn,
      essn: j.essn,
      url: absoluteUrl(j, "/"),
      host: new URL(j.origin).host,
      // Served through this host (the page's CSP allows images from 'self' only).
      logo: j.logo ? listedJournalLogoPath(j.id, j.logo) : "",
      current: j.id === journal.id,
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  const by = loaderData?.publisher ? ` published by ${loaderData.publisher}` : "";
  return [
    { title: pageTitle("Journal List", site) },
    { name: "description", content: `All journals${by}: names, ISSNs and links to each journal's site.` },
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function Journals({ loaderData }: Route.ComponentProps) {
  const { journals, publisher } = loaderData;
  return (
    <Main className="content" labelledBy="journals-title">
      <h1 id="journals-title">Journal List</h1>
      {journals.length ? (
        <>
          <p className="lead">
            {publisher ? `${publisher} publishes` : "This publisher publishes"} {journals.length === 1 ? "one journal" : `${journals.length} journals`}. Select a
            journal to visit its site.
          </p>
          <ul className="journal-list">
            {journals.map((j) => (
              <li key={j.id}>
                <a className="journal-card" href={j.url} aria-current={j.current ? "page" : undefined}>
                  {j.logo ? (
                    <img src={j.logo} alt="" width={64} height={64} loading="lazy" decoding="async" />
                  ) : (
                    <MonogramBadge className="journal-initials" name={j.name} />
                  )}
                  <span className="journal-card-text">
                    <span className="journal-card-name">{j.name}</span>
                    {j.issn || j.essn ? (
                      <span className="journal-card-issn">
                        {[j.issn && `ISSN ${j.issn}`, j.essn && `E-ISSN ${j.essn}`].filter(Boolean).join(" · ")}
                      </span>
                    ) : null}
                    <span className="journal-card-host">{j.host}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="empty-state">No journals are listed yet.</p>
      )}
    </Main>
  );
}
