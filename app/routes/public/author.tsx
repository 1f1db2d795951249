import { data, redirect } from "react-router";
import { Breadcrumbs } from "../../components/Breadcrumbs";
import type { Route } from "./+types/author";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { readAuthorPage } from "../../models/pages.server";
import { ArticleTable } from "../../components/ArticleTable";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { absoluteUrl, authorPath } from "../../lib/urls";
import { toArticleRow } from "../../models/article-rows.server";
import { articleTableHtml } from "../../components/article-table.server";
import { staticHtml } from "../../http/static-html.server";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { affiliationText, authorsOf } from "../../lib/authors";
import { normaliseAuthorName } from "../../lib/names";
import { AffiliationName, OrcidIcon } from "../../components/Byline";

/** Every article of one author in this journal (authors link here from tables and articles). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { env, journal } = app;
  const name = (params.name ?? "").trim().slice(0, 200);
  if (!name) throw data(null, { status: 404, statusText: "Author not found" });
  // One round trip: the articles whose byline holds this name (honorifics aside).
  const { articles, canonicalName } = await readAuthorPage(getDb(env.DB), journal.id, name);
  if (articles.length === 0) throw data(null, { status: 404, statusText: "Author not found" });
  // One page per author: other spellings (case, 'Dr.', spacing) are sent to the canonical one.
  const path = authorPath(canonicalName);
  // Compared decoded, so an encoding the browser chose differently never loops.
  if (safeDecode(new URL(request.url).pathname) !== `/authors/${canonicalName}`) {
    throw redirect(path, 301);
  }
  const s = journal.settings;
  // Who this author is, as their newest article in this journal records them.
  const wanted = canonicalName.toLocaleLowerCase();
  const person = authorsOf(articles[0]).find((a) => normaliseAuthorName(a.name).toLocaleLowerCase() === wanted);
  const rows = articles.map((a) => toArticleRow(a, s.websitename, true));
  return {
    canonical: absoluteUrl(journal, path),
    name: canonicalName,
    orcid: person?.orcid ?? "",
    affiliations: (person?.affiliations ?? []).map((f) => ({ text: affiliationText(f), ror: f.ror })),
    count: rows.length,
    table: staticHtml(app, "articles", articleTableHtml({ rows, showSubject: s.show_subject_column, caption: `Articles by ${canonicalName}` })),
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  if (!loaderData) return [{ title: pageTitle("Author not found", site) }];
  return [
    { title: pageTitle(`Articles by ${loaderData.name}`, site) },
    { name: "description", content: `${loaderData.count} article(s) by ${loaderData.name} in ${site}.` },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { name, count, table, orcid, affiliations } = loaderData;
  return (
    <Main className="content" labelledBy="author-title">
      <Breadcrumbs current="Authors" />
      <h1 id="author-title">Articles by {name}</h1>
      {orcid || affiliations.length ? (
        <div className="author-profile">
          {affiliations.map((f) => (
            <p key={f.text}>
              <AffiliationName text={f.text} ror={f.ror} />
            </p>
          ))}
          {orcid ? (
            <p>
              {/* ORCID's display guidelines: the iD icon, then the full iD as a link. */}
              <a className="orcid-full" href={orcid} rel="noopener">
                <OrcidIcon size={16} />
                <span className="visually-hidden">ORCID iD: </span>
                {orcid}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="search-summary">
        <strong>{count}</strong> {count === 1 ? "article" : "articles"} in this journal
      </p>
      <ArticleTable name="articles" html={table} />
    </Main>
  );
}
