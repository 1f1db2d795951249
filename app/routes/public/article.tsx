import { useEffect } from "react";
import { absoluteUrl, articleFileUrl, authorPath, doiUrl, articlePath, certificatePagePath, issuePath, parseIssueParams, previewImagePath } from "../../lib/urls";
import { Breadcrumbs } from "../../components/Breadcrumbs";
import { data, Link, redirect, useLocation, useNavigationType } from "react-router";
import type { Route } from "./+types/article";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { readArticleCounts, readArticlePage } from "../../models/pages.server";
import { ARTICLE_VIEW_HEADER, isReaderView, type ReaderCounts } from "../../models/reader-stats.server";
import { journalCacheMs, JournalMemo } from "../../http/journal-memo.server";
import type { JournalContext } from "../../models/journals.server";
import type { PublishedIssue } from "../../models/issues.server";
import type { Article } from "../../lib/article";
import type { IssueRef } from "../../lib/urls";
import { Byline, LicenseBadge } from "../../components/Byline";
import { CitationBox } from "../../components/CitationBox";
import { CITATION_STYLES, renderCitation } from "../../lib/citation/cite-formats";
import { articleHeadTags } from "../../lib/citation/article-meta.server";
import { AllIssuesButton, ArchiveLayout } from "../../components/ArchiveList";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { issueTitle } from "../../lib/archive";
import { archiveIndex, archiveList } from "../../components/archive-list.server";
import { longDate } from "../../lib/dates";
import { howToCite } from "../../lib/citation/citation";
import { affiliationIndex, affiliationText, authorsOf, publicAuthors } from "../../lib/authors";
import { referenceDoi, referencesOf } from "../../lib/references";
import { articleLicense } from "../../lib/licenses";
import { htmlToText, RICH_PROFILE, sanitizeHtml, TITLE_PROFILE } from "../../lib/html";
import { pageTitle, previewImageMeta, siteNameFromMatches } from "../../lib/site";
import { exportableDoi } from "../../lib/doi";

const ARTICLE_NOT_FOUND = "Article not found!";

/**
 * What an abstract page shows of its article and journal, counts aside: the same until the
 * journal's next staff write (docs/decisions/031-static-html.md). `null` article: not found.
 */
function articleContents(journal: JournalContext, a: Article | undefined, published: PublishedIssue[]) {
  if (!a) return { article: null, archive: archiveList(published) };
  const s = journal.settings;
  const fileUrl = articleFileUrl(a);
  const titleText = htmlToText(a.title);
  // Readers see a corresponding author's e-mail, no one else's.
  const authors = publicAuthors(authorsOf(a));
  const { list: affiliations, numbers } = affiliationIndex(authors);
  const references = referencesOf(a.references);
  const license = articleLicense(a.license_url, s.license_url);
  return {
    archive: archiveList(published, a),
    article: {
      id: a.id,
      refnumber: a.refnumber,
      year: a.year,
      volume: a.volume,
      issue: a.issue,
      frequency: a.frequency,
      titleHtml: sanitizeHtml(a.title, TITLE_PROFILE),
      titleText,
      authors: authors.map((x, i) => ({
        name: x.name,
        path: authorPath(x.name),
        orcid: x.orcid,
        affiliations: numbers[i],
        corresponding: x.corresponding,
        email: x.corresponding ? x.email : "",
      })),
      affiliations: affiliations.map((f) => ({ text: affiliationText(f), ror: f.ror })),
      // Each reference as printed, its DOI (with a doi.org address written before it) as the link.
      references: references.map((r) => {
        const at = r.doi ? referenceDoi(r.text) : null;
        if (!at) return { before: r.text, doi: "", linkText: "", after: "" };
        const start = at.start - (/https?:\/\/(?:dx\.)?doi\.org\/$/i.exec(r.text.slice(0, at.start))?.[0].length ?? 0);
        return { before: r.text.slice(0, start), doi: r.doi, linkText: r.text.slice(start, at.end), after: r.text.slice(at.end) };
      }),
      license,
      received: a.received_date,
      accepted: a.accepted_date,
      abstractHtml: sanitizeHtml(a.abstract, RICH_PROFILE),
      keywords: a.keywords,
      pagenumber: a.pagenumber,
      // Only on journals that show the Subject column (the issue and search tables' flag).
      subject: s.show_subject_column ? a.subject : "",
      country: a.country,
      publishdate: a.publishdate,
      fileUrl,
      doi: exportableDoi(a.doi),
      cite: howToCite(a, s.websitename),
      citations: CITATION_STYLES.map((style) => ({
        ...style,
        ...renderCitation(style.id, a, {
          name: s.websitename,
          issn: s.issn,
          essn: s.journal_essn,
          publisher: s.publisher_name,
          url: absoluteUrl(journal, articlePath(a)),
        }),
      })),
    },
    head: articleHeadTags({
      titleText,
      authors,
      references,
      license,
      received_date: a.received_date,
      accepted_date: a.accepted_date,
      abstractText: htmlToText(a.abstract),
      keywords: a.keywords,
      publishdate: a.publishdate,
      year: a.year,
      volume: a.volume,
      issue: a.issue,
      pagenumber: a.pagenumber,
      doi: exportableDoi(a.doi) || undefined,
      journalName: s.websitename,
      issn: s.issn,
      essn: s.journal_essn,
      publisher: s.publisher_name,
      language: s.journal_language,
      // The one PDF URL (beside the abstract page, as Scholar prefers): the same as the links.
      pdfUrl: fileUrl ? absoluteUrl(journal, fileUrl) : undefined,
      pageUrl: absoluteUrl(journal, articlePath(a)),
      image: absoluteUrl(journal, previewImagePath(journal.version)),
    }),
  };
}

/** The abstract pages most read in this isolate, counts aside. */
const articlePages = new JournalMemo<ReturnType<typeof articleContents>>(64);

/**
 * Counts last read for requests that count no view (crawlers, HEAD): the edge cache already
 * shows every reader counts up to ARTICLE_TTL_SECONDS old; these are kept a minute.
 */
const lastCounts = new Map<string, { counts: ReaderCounts; until: number }>();
const COUNTS_KEPT_MS = 60_000;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { env, journal } = app;
  const ref = (params.ref ?? "").trim();
  const wanted = parseIssueParams(params);
  // A reader's view of this page is counted inside a D1 batch that reads the counts (so the
  // count shown includes it); a view of a copy from the edge cache is counted there, by the
  // header below (docs/decisions/013-page-reads.md).
  const view = wanted && isReaderView(request) ? wanted : undefined;
  const db = getDb(env.DB);
  // The page as the article and journal make it, kept until the next staff write; when made
  // here, its one batch has counted the view and read the counts too.
  let counts: ReaderCounts | null = null;
  const contents = await articlePages.get(env, journal, ref.slice(0, 64), async () => {
    const page = await readArticlePage(db, journal.id, ref, view);
    counts = page.counts;
    return articleContents(journal, page.article, page.published);
  });
  const { article, head } = contents;
  if (!article || !wanted) return data({ article: null, archive: archiveIndex(app, contents.archive) }, { status: 404 });
  // The refnumber identifies the article; a URL naming the wrong issue is sent to the right one.
  if (article.year !== wanted.year || article.volume !== wanted.volume || article.issue !== wanted.issue) {
    throw redirect(articlePath(article), 301);
  }
  counts ??= await readCounts(env, journal, article.refnumber, view);
  return data(
    { archive: archiveIndex(app, contents.archive), article: { ...article, views: counts.views, downloads: counts.downloads }, head },
    { headers: { [ARTICLE_VIEW_HEADER]: String(article.id) } },
  );
}

/** Counts for a kept page: read with the view for a reader; for anyone else, kept a minute. */
async function readCounts(env: Env, journal: JournalContext, refnumber: string, view: IssueRef | undefined): Promise<ReaderCounts> {
  const db = getDb(env.DB);
  if (view) return readArticleCounts(db, journal.id, refnumber, view);
  const key = `${journal.id}:${refnumber}`;
  const kept = lastCounts.get(key);
  if (kept && kept.until > Date.now() && journalCacheMs(env) > 0) return kept.counts;
  const counts = await readArticleCounts(db, journal.id, refnumber);
  if (lastCounts.size >= 1000) lastCounts.clear();
  lastCounts.set(key, { counts, until: Date.now() + COUNTS_KEPT_MS });
  return counts;
}

/** Marks a rendered abstract page as countable, for its copies in the edge cache (workers/cache.ts). */
export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const out = new Headers(parentHeaders);
  const view = loaderHeaders.get(ARTICLE_VIEW_HEADER);
  if (view) out.set(ARTICLE_VIEW_HEADER, view);
  return out;
}

/** Google Scholar's inclusion rules and the rest: built by the loader (app/lib/citation/article-meta.server.ts). */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  const article = loaderData?.article;
  if (!loaderData || !article) {
    return [{ title: pageTitle(ARTICLE_NOT_FOUND, site) }, { name: "robots", content: "noindex" }];
  }
  // The article's own tags (Scholar, Dublin Core, Open Graph, JSON-LD with the image) come first;
  // of the shared preview tags only those it does not carry are added.
  const own = new Set(loaderData.head.map((t) => ("name" in t ? t.name : "property" in t ? t.property : undefined)).filter(Boolean));
  const preview = previewImageMeta(matches).filter((t) => !own.has(t.name ?? t.property));
  return [{ title: pageTitle(article.titleText, site) }, ...loaderData.head, ...preview] as Route.MetaDescriptors;
}

export const ErrorBoundary = RouteErrorBoundary;

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, archive } = loaderData;
  const location = useLocation();
  const navigationType = useNavigationType();
  const scrollTo = (location.state as { scrollTo?: string } | null)?.scrollTo;

  // The Abstract links carry #abstract (handled by the browser and ScrollRestoration) and a
  // scroll-target state; honour the state too, for links that only set it. Otherwise the page
  // starts at the top (ScrollRestoration's default). Back and Forward keep the reader's place.
  useEffect(() => {
    if (scrollTo === "abstract" && !location.hash && navigationType !== "POP") document.getElementById("abstract")?.scrollIntoView();
  }, [location.key, scrollTo, location.hash, navigationType]);

  if (!article) {
    return (
      <ArchiveLayout index={archive}>
        <Main className="content not-found" labelledBy="article-title">
          <div className="content-head">
            <h1 id="article-title">{ARTICLE_NOT_FOUND}</h1>
            <AllIssuesButton />
          </div>
          <p>
            The article may have been moved or withdrawn. <Link to="/archives">Browse the archives</Link> or use the
            search box above.
          </p>
        </Main>
      </ArchiveLayout>
    );
  }

  const issueRef = { year: article.year, volume: article.volume, issue: article.issue };
  return (
    <ArchiveLayout index={archive} current={issueRef}>
      <Main className="content article-page" labelledBy="article-title">
        <article aria-labelledby="article-title">
          <div className="content-tools">
            <Breadcrumbs links={[{ to: issuePath(issueRef), label: issueTitle(issueRef) }]} current={`Article ${article.refnumber}`} />
            <AllIssuesButton />
          </div>
          <h1 id="article-title" className="article-heading" dangerouslySetInnerHTML={{ __html: article.titleHtml }} />
          <Byline authors={article.authors} affiliations={article.affiliations} />

          <dl className="article-facts">
            <div>
              <dt>Issue</dt>
              <dd>
                <Link to={issuePath(issueRef)}>
                  {issueTitle(issueRef)}
                  {article.frequency ? ` ${article.frequency}` : ""}
                </Link>
              </dd>
            </div>
            <div>
              <dt>Pages</dt>
              <dd>{article.pagenumber}</dd>
            </div>
            {article.received ? (
              <div>
                <dt>Received</dt>
                <dd>{longDate(article.received)}</dd>
              </div>
            ) : null}
            {article.accepted ? (
              <div>
                <dt>Accepted</dt>
                <dd>{longDate(article.accepted)}</dd>
              </div>
            ) : null}
            {article.publishdate ? (
              <div>
                <dt>Published</dt>
                <dd>{longDate(article.publishdate)}</dd>
              </div>
            ) : null}
            {article.doi ? (
              <div>
                <dt>DOI</dt>
                <dd>
                  <a href={doiUrl(article.doi)} rel="noopener">
                    {doiUrl(article.doi)}
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Readers</dt>
              <dd>
                {article.views.toLocaleString("en")} {article.views === 1 ? "view" : "views"} ·{" "}
                {article.downloads.toLocaleString("en")} {article.downloads === 1 ? "download" : "downloads"}
              </dd>
            </div>
            {article.subject ? (
              <div>
                <dt>Subject</dt>
                <dd>{article.subject}</dd>
              </div>
            ) : null}
            {article.country ? (
              <div>
                <dt>Country</dt>
                <dd>{article.country}</dd>
              </div>
            ) : null}
            <div>
              <dt>Licence</dt>
              <dd>
                <LicenseBadge license={article.license} />
              </dd>
            </div>
          </dl>

          <p className="article-actions">
            {article.fileUrl ? (
              <a className="button" href={article.fileUrl} download={`${article.refnumber}.pdf`}>
                Download
              </a>
            ) : null}
            {article.fileUrl ? (
              <a className="button ghost" href={article.fileUrl} target="_blank" rel="noopener">
                View PDF
              </a>
            ) : null}
            <Link className="button ghost" to={certificatePagePath(article.refnumber)}>
              Certificates and cover page
            </Link>
          </p>

          <section id="abstract" className="abstract" aria-labelledby="abstract-title">
            <h2 id="abstract-title">Abstract</h2>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: article.abstractHtml }} />
            {article.keywords ? (
              <p className="keywords">
                <strong>Keywords:</strong> {article.keywords}
              </p>
            ) : null}
          </section>

          {article.references.length ? (
            <section id="references" className="references" aria-labelledby="references-title">
              <h2 id="references-title">References</h2>
              <ol className="reference-list">
                {article.references.map((r, i) => (
                  <li key={i}>
                    {r.before}
                    {r.doi ? (
                      <a href={doiUrl(r.doi)} rel="noopener">
                        {r.linkText}
                      </a>
                    ) : null}
                    {r.after}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          <p className="license-note">
            {article.license.creativeCommons ? (
              <>
                This article is published open access under the{" "}
                <a href={article.license.url} rel="license noopener">
                  {article.license.name}
                </a>{" "}
                licence ({article.license.short}).
              </>
            ) : (
              <>
                This article is published under the licence at{" "}
                <a href={article.license.url} rel="license noopener">
                  {article.license.url}
                </a>
                .
              </>
            )}
          </p>

          <section className="cite-box" aria-labelledby="cite-title">
            <h2 id="cite-title">How to cite this article</h2>
            <p>{article.cite}</p>
          </section>

          <CitationBox refnumber={article.refnumber} citations={article.citations} />
        </article>
      </Main>
    </ArchiveLayout>
  );
}
