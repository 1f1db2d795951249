import type { Route } from "./+types/journals";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { listPublicJournals } from "../../models/journals.server";
import { MonogramBadge } from "../../components/MonogramBadge";
import { absoluteUrl, listedJournalLogoPath } from "../../lib/urls";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { pageTitle, publisherAnchor, publisherKey, siteNameFromMatches } from "../../lib/site";

interface JournalCard {
  id: number;
  name: string;
  issn: string;
  essn: string;
  url: string;
  host: string;
  logo: string;
  current: boolean;
}

/** The journals of one publisher ('' when the journals' settings name none), as the page shows them. */
interface PublisherGroup {
  publisher: string;
  anchor: string;
  journals: JournalCard[];
}

/**
 * The journal list: every enabled, listed journal of this deployment, grouped by the publisher
 * its own settings name — one deployment may host journals of several publishers, so no
 * journal is shown as another's. The group of the journal being visited comes first, then the
 * other publishers by name, then journals that name no publisher.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const journals = await listPublicJournals(getDb(env.DB), env);
  const groups = new Map<string, PublisherGroup>();
  for (const j of journals) {
    const key = publisherKey(j.publisher);
    let group = groups.get(key);
    if (!group) {
      group = { publisher: j.publisher, anchor: publisherAnchor(j.publisher), journals: [] };
      groups.set(key, group);
    }
    group.journals.push({
      id: j.id,
      name: j.websitename,
      issn: j.issn,
      essn: j.essn,
      url: absoluteUrl(j, "/"),
      host: new URL(j.origin).host,
      // Served through this host (the page's CSP allows images from 'self' only).
      logo: j.logo ? listedJournalLogoPath(j.id, j.logo) : "",
      current: j.id === journal.id,
    });
  }
  const own = publisherKey(journal.settings.publisher_name);
  const rank = (g: PublisherGroup) => (!g.publisher ? 2 : publisherKey(g.publisher) === own ? 0 : 1);
  return {
    groups: [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.publisher.localeCompare(b.publisher, "en")),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  const groups = loaderData?.groups ?? [];
  const only = groups.length === 1 ? groups[0].publisher : "";
  return [
    { title: pageTitle("Journal List", site) },
    {
      name: "description",
      content: only
        ? `Journals published by ${only}: names, ISSNs and links to each journal's site.`
        : "The journals on this site, by publisher: names, ISSNs and links to each journal's site.",
    },
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

function plural(n: number): string {
  return n === 1 ? "1 journal" : `${n} journals`;
}

export default function Journals({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  // One publisher: the page is about it. Several: a section each, so every journal stands under
  // the publisher its own settings name (and journals naming none under a neutral heading).
  const single = groups.length === 1 ? groups[0] : null;
  return (
    <Main className="content" labelledBy="journals-title">
      <h1 id="journals-title">Journal List</h1>
      {groups.length === 0 ? (
        <p className="empty-state">No journals are listed yet.</p>
      ) : single ? (
        <>
          <p className="lead">
            {single.publisher ? `Journals published by ${single.publisher}` : "The journals on this site"} ({plural(single.journals.length)}).
            Select a journal to visit its site.
          </p>
          <JournalCards id={single.anchor || undefined} journals={single.journals} />
        </>
      ) : (
        <>
          <p className="lead">The journals on this site, by publisher. Select a journal to visit its site.</p>
          {groups.map((g, i) => {
            const headingId = `journals-group-${i + 1}`;
            return (
              <section key={g.anchor || "none"} id={g.anchor || undefined} className="journal-group" aria-labelledby={headingId}>
                <h2 id={headingId}>
                  {g.publisher || "Other journals"} <span className="journal-group-count">({plural(g.journals.length)})</span>
                </h2>
                <JournalCards journals={g.journals} />
              </section>
            );
          })}
        </>
      )}
    </Main>
  );
}

function JournalCards({ journals, id }: { journals: JournalCard[]; id?: string }) {
  return (
    <ul className="journal-list" id={id}>
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
  );
}
