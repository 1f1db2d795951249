import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { SEARCH_PAGE_SIZE, searchArticles } from "../../models/articles.server";
import { ArticleTable } from "../../components/ArticleTable";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { toArticleRow } from "../../utils/reader.server";
import { pageTitle, siteNameFromMatches } from "../../utils/site";

const MAX_KEYWORD = 200;
const MAX_PAGE = 200;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const keyword = (params.get("keyword") ?? "").trim().slice(0, MAX_KEYWORD);
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const s = journal.settings;
  const base = { keyword, page, pageSize: SEARCH_PAGE_SIZE, showSubject: s.show_subject_column };
  if (!keyword) return { ...base, rows: [], hasMore: false, failed: false };
  try {
    // One row more than a page tells whether there is a next page without a second query.
    const found = await searchArticles(getDb(env.DB), journal.id, keyword, SEARCH_PAGE_SIZE + 1, (page - 1) * SEARCH_PAGE_SIZE);
    const hasMore = found.length > SEARCH_PAGE_SIZE;
    const rows = found.slice(0, SEARCH_PAGE_SIZE).map((a) => toArticleRow(a, s.websitename, true));
    return { ...base, rows, hasMore, failed: false };
  } catch (error) {
    // Spec §8: a failing public search is logged; the page shows no results.
    console.error("public search failed", error);
    return { ...base, rows: [], hasMore: false, failed: true };
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  const keyword = loaderData?.keyword;
  return [
    { title: pageTitle(keyword ? `Search: ${keyword}` : "Search", site) },
    { name: "robots", content: "noindex, follow" },
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

function pageHref(keyword: string, page: number): string {
  const q = new URLSearchParams({ keyword });
  if (page > 1) q.set("page", String(page));
  return `/search?${q}`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { keyword, page, pageSize, rows, hasMore, failed, showSubject } = loaderData;
  const first = (page - 1) * pageSize + 1;
  const last = first + rows.length - 1;
  return (
    <section className="content search-page" aria-labelledby="search-title">
      <h1 id="search-title">Search results</h1>
      <Form method="get" action="/search" role="search" className="search-refine" aria-label="Search the archive">
        <label htmlFor="search-page-keyword">Keyword</label>
        <div className="search-refine-row">
          <input
            key={keyword}
            id="search-page-keyword"
            name="keyword"
            type="search"
            defaultValue={keyword}
            maxLength={MAX_KEYWORD}
            placeholder="Title, author, abstract or keyword"
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>

      {!keyword ? (
        <p className="search-hint">Type a keyword to search the titles, authors, abstracts and keywords of every published article.</p>
      ) : failed ? null : rows.length === 0 ? (
        <p className="empty-state" role="status">
          Sorry, nothing matched your search terms. Please try again with different keywords.
        </p>
      ) : (
        <>
          <p className="search-summary" role="status">
            {hasMore ? "More than " : ""}
            <strong>{last}</strong> {last === 1 && !hasMore ? "article" : "articles"} found for{" "}
            <q className="search-query">{keyword}</q>
            {page > 1 || hasMore ? (
              <span className="search-range">
                {" "}
                (showing {first}–{last})
              </span>
            ) : null}
          </p>
          <ArticleTable rows={rows} showSubject={showSubject} caption={`Articles matching ${keyword}`} startAt={first} />
          {page > 1 || hasMore ? (
            <nav className="pager" aria-label="Search result pages">
              {page > 1 ? (
                <Link to={pageHref(keyword, page - 1)} rel="prev">
                  ← Previous
                </Link>
              ) : (
                <span />
              )}
              <span>Page {page}</span>
              {hasMore ? (
                <Link to={pageHref(keyword, page + 1)} rel="next">
                  Next →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
