import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { RANKED_PAGE_SIZE, searchRanked } from "../../models/search.server";
import { ArticleTable } from "../../components/ArticleTable";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { toArticleRow } from "../../models/article-rows.server";
import { articleTableHtml } from "../../components/article-table.server";
import { staticHtml } from "../../http/static-html.server";
import { JournalMemo } from "../../http/journal-memo.server";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { searchPath } from "../../lib/urls";
import { pageWindow } from "../../lib/paging";

const MAX_KEYWORD = 200;

/**
 * The searches most asked in this isolate, result tables included (~20 KB each): a query asked
 * again — the same words, page and filters — until the journal's next staff write is answered
 * without D1 (app/http/journal-memo.server.ts), as the issue pages are.
 */
const searches = new JournalMemo<{
  count: number;
  tableHtml: string | null;
  total: number;
  facets: { year: number; volume: number; count: number }[];
  refTableHtml: string | null;
}>(64);
const MAX_PAGE = 200;

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { env, journal } = app;
  const params = new URL(request.url).searchParams;
  const keyword = (params.get("keyword") ?? "").trim().slice(0, MAX_KEYWORD);
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const year = Number.parseInt(params.get("year") ?? "", 10);
  const volume = Number.parseInt(params.get("volume") ?? "", 10);
  const s = journal.settings;
  const base = {
    keyword,
    page,
    pageSize: RANKED_PAGE_SIZE,
    year: Number.isInteger(year) ? year : null,
    volume: Number.isInteger(volume) ? volume : null,
  };
  const empty = {
    ...base,
    /** Rows on this page, and their table (static HTML, components/ArticleTable.tsx). */
    count: 0,
    table: null as string | null,
    total: 0,
    facets: [] as { year: number; volume: number; count: number }[],
    failed: false,
    /** The article whose reference number was typed, when not among the rows, as a one-row table. */
    hasRef: false,
    refTable: null as string | null,
  };
  if (!keyword) return empty;
  try {
    const found = await searches.get(env, journal, JSON.stringify([keyword, page, base.year, base.volume]), async () => {
      // Ranked FTS5 search: the page, the total and the year/volume facets in one D1 round trip.
      const result = await searchRanked(getDb(env.DB), journal.id, {
        q: keyword,
        page,
        year: base.year ?? undefined,
        volume: base.volume ?? undefined,
        refLookup: true,
      });
      // The title keeps its italics and gets the matched words in <mark> (highlightTitleHtml).
      const rows = result.hits.map((h) => ({ ...toArticleRow(h.article, s.websitename, true), titleHtml: h.titleHtml, snippetHtml: h.snippetHtml }));
      // A reference number typed into the search box finds its article (shown first).
      const ref = result.refMatch;
      const refRow = ref && !result.hits.some((h) => h.article.id === ref.article.id) ? { ...toArticleRow(ref.article, s.websitename, true), titleHtml: ref.titleHtml, snippetHtml: "" } : null;
      const first = (page - 1) * RANKED_PAGE_SIZE + 1;
      return {
        count: rows.length,
        tableHtml: rows.length ? articleTableHtml({ rows, showSubject: s.show_subject_column, caption: `Articles matching ${keyword}`, startAt: first }) : null,
        total: result.total,
        facets: result.facets,
        refTableHtml: refRow ? articleTableHtml({ rows: [refRow], showSubject: s.show_subject_column, caption: `Article with reference number ${keyword}` }) : null,
      };
    });
    return {
      ...base,
      count: found.count,
      table: found.tableHtml === null ? null : staticHtml(app, "results", found.tableHtml),
      total: found.total,
      facets: found.facets,
      failed: false,
      hasRef: found.refTableHtml !== null,
      refTable: found.refTableHtml === null ? null : staticHtml(app, "reference", found.refTableHtml),
    };
  } catch (error) {
    // Spec §8: a failing public search is logged; the page shows no results.
    console.error("public search failed", error);
    return { ...empty, failed: true };
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

function pageHref(keyword: string, page: number, year: number | null, volume: number | null): string {
  return searchPath(keyword, { year, volume, page });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { keyword, page, pageSize, count, table, total, facets, failed, year, volume, hasRef, refTable } = loaderData;
  const first = (page - 1) * pageSize + 1;
  const last = first + count - 1;
  const pages = Math.ceil(total / pageSize);
  const years = [...new Set(facets.map((f) => f.year))];
  const volumes = [...new Set(facets.map((f) => f.volume))].sort((a, b) => b - a);
  const perYear = (y: number) => facets.filter((f) => f.year === y).reduce((n, f) => n + f.count, 0);
  const perVolume = (v: number) => facets.filter((f) => f.volume === v).reduce((n, f) => n + f.count, 0);
  return (
    <Main className="content search-page" labelledBy="search-title">
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
        {keyword && facets.length > 0 ? (
          <div className="search-filters">
            <label>
              Year
              <select name="year" defaultValue={year ?? ""} key={`y${year}`}>
                <option value="">All years</option>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y} ({perYear(y)})
                  </option>
                ))}
              </select>
            </label>
            <label>
              Volume
              <select name="volume" defaultValue={volume ?? ""} key={`v${volume}`}>
                <option value="">All volumes</option>
                {volumes.map((v) => (
                  <option key={v} value={v}>
                    Vol. {v} ({perVolume(v)})
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button ghost">
              Apply filters
            </button>
          </div>
        ) : null}
      </Form>

      {!keyword ? (
        <p className="search-hint">Type a keyword to search the titles, authors, abstracts and keywords of every published article.</p>
      ) : failed ? null : hasRef && count === 0 && total === 0 ? (
        <>
          <p className="search-summary" role="status">
            Reference number <q className="search-query">{keyword}</q>
          </p>
          <ArticleTable name="reference" html={refTable} />
        </>
      ) : count === 0 && total > 0 ? (
        // A page past the end (an old link, a shorter result) says where the results are, not "nothing matched".
        <p className="empty-state" role="status">
          <strong>{total}</strong> {total === 1 ? "article" : "articles"} found for <q className="search-query">{keyword}</q>. Page {page} of {pages} has
          no results: <Link to={pageHref(keyword, pages, year, volume)}>go to page {pages}</Link>
          {pages > 1 ? (
            <>
              {" "}
              or <Link to={pageHref(keyword, 1, year, volume)}>back to page 1</Link>
            </>
          ) : null}
          .
        </p>
      ) : count === 0 ? (
        <p className="empty-state" role="status">
          Sorry, nothing matched your search terms. Please try again with different keywords.
        </p>
      ) : (
        <>
          {hasRef && page === 1 ? <ArticleTable name="reference" html={refTable} /> : null}
          <p className="search-summary" role="status">
            <strong>{total}</strong> {total === 1 ? "article" : "articles"} found for <q className="search-query">{keyword}</q>
            {pages > 1 ? (
              <span className="search-range">
                {" "}
                (showing {first}–{last}, {pageSize} per page)
              </span>
            ) : null}
          </p>
          <ArticleTable name="results" html={table} />
          {pages > 1 ? (
            <nav className="pager" aria-label="Search result pages">
              {page > 1 ? (
                <Link to={pageHref(keyword, page - 1, year, volume)} rel="prev">
                  ← Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="pager-status">
                Page {page} of {pages}
              </span>
              <ul className="pager-pages">
                {pageWindow(page, pages).map((n, i) =>
                  n === null ? (
                    <li key={`gap-${i}`} aria-hidden="true">
                      …
                    </li>
                  ) : (
                    <li key={n}>
                      {n === page ? (
                        <span aria-current="page">{n}</span>
                      ) : (
                        <Link to={pageHref(keyword, n, year, volume)} aria-label={`Page ${n}`}>
                          {n}
                        </Link>
                      )}
                    </li>
                  ),
                )}
              </ul>
              {page < pages ? (
                <Link to={pageHref(keyword, page + 1, year, volume)} rel="next">
                  Next →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </Main>
  );
}
