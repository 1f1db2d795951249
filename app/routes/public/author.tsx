import { data, redirect } from "react-router";
import { Breadcrumbs } from "../../components/Breadcrumbs";
import type { Route } from "./+types/author";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { searchRanked } from "../../models/search.server";
import { ArticleTable } from "../../components/ArticleTable";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { normaliseAuthorName, splitAuthors } from "../../lib/names";
import { absoluteUrl, authorPath } from "../../lib/urls";
import { toArticleRow } from "../../models/article-rows.server";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

/** Every article of one author in this journal (authors link here from tables and articles). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const name = (params.name ?? "").trim().slice(0, 200);
  if (!name) throw data(null, { status: 404, statusText: "Author not found" });
  // FTS phrase match on the authors column (one round trip), then exact name match on the byline.
  const result = await searchRanked(getDb(env.DB), journal.id, { q: normaliseAuthorName(name), author: true, pageSize: 100 });
  const wanted = normaliseAuthorName(name).toLocaleLowerCase();
  const articles = result.hits
    .map((h) => h.article)
    .filter((a) => splitAuthors(a.authorname).some((n) => normaliseAuthorName(n).toLocaleLowerCase() === wanted))
    .sort((a, b) => b.year - a.year || b.volume - a.volume || b.issue - a.issue || a.firstPage - b.firstPage);
  if (articles.length === 0) throw data(null, { status: 404, statusText: "Author not found" });
  // One page per author: the name as the newest byline prints it (without titles) is the
  // canonical URL; other spellings (case, 'Dr.', spacing) are sent there.
  const canonicalName = normaliseAuthorName(
    splitAuthors(articles[0].authorname).find((n) => normaliseAuthorName(n).toLocaleLowerCase() === wanted) ?? name,
  );
  const path = authorPath(canonicalName);
  // Compared decoded, so an encoding the browser chose differently never loops.
  if (safeDecode(new URL(request.url).pathname) !== `/authors/${canonicalName}`) {
    throw redirect(path, 301);
  }
  const s = journal.settings;
  return {
    canonical: absoluteUrl(journal, path),
    name: canonicalName,
    rows: articles.map((a) => toArticleRow(a, s.websitename, true)),
    showSubject: s.show_subject_column,
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
    { name: "description", content: `${loaderData.rows.length} article(s) by ${loaderData.name} in ${site}.` },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { name, rows, showSubject } = loaderData;
  return (
    <Main className="content" labelledBy="author-title">
      <Breadcrumbs current="Authors" />
      <h1 id="author-title">Articles by {name}</h1>
      <p className="search-summary">
        <strong>{rows.length}</strong> {rows.length === 1 ? "article" : "articles"} in this journal
      </p>
      <ArticleTable rows={rows} showSubject={showSubject} caption={`Articles by ${name}`} />
    </Main>
  );
}
