import { data, redirect, useNavigation } from "react-router";
import { absoluteUrl, issueCitationFilePath, issuePath, parseIssueParams, type IssueRef } from "../../lib/urls";
import { Breadcrumbs } from "../../components/Breadcrumbs";
import type { Route } from "./+types/issue";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { readIssuePage } from "../../models/pages.server";
import { AllIssuesButton, ArchiveLayout } from "../../components/ArchiveList";
import { ArticleTable } from "../../components/ArticleTable";
import { CitationFileLinks } from "../../components/CitationBox";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { countLabel, issueTitle } from "../../lib/archive";
import { archiveIndex, archiveList, type ArchiveList } from "../../components/archive-list.server";
import { JournalMemo } from "../../http/journal-memo.server";
import type { PublishedIssue } from "../../models/issues.server";
import { toArticleRow } from "../../models/article-rows.server";
import { articleTableHtml } from "../../components/article-table.server";
import { staticHtml } from "../../http/static-html.server";
import { pageTitle, previewImageMeta, siteNameFromMatches } from "../../lib/site";

/** An issue page as its data makes it: the same until the journal's next staff write. */
interface IssueContents {
  issue: PublishedIssue;
  count: number;
  tableHtml: string;
  archive: ArchiveList;
}

/** The issues most read in this isolate, table HTML included (~100 KB for 100 articles). */
const issues = new JournalMemo<IssueContents | { movedTo: IssueRef } | null>(32);

export async function loader({ context, params }: Route.LoaderArgs) {
  const ref = parseIssueParams(params);
  if (!ref) throw data(null, { status: 404, statusText: "Issue not found" });
  const app = context.get(appContext);
  const { env, journal } = app;
  const contents = await issues.get(env, journal, `${ref.year}/${ref.volume}/${ref.issue}`, async () => {
    // One D1 round trip: the year list for the side column and the issue's articles.
    const { published, issue, articles, movedTo } = await readIssuePage(getDb(env.DB), journal.id, ref);
    if (movedTo) return { movedTo };
    if (!issue || articles.length === 0) return null;
    const s = journal.settings;
    const rows = articles.map((a) => toArticleRow(a, s.websitename));
    return {
      issue: { year: issue.year, volume: issue.volume, issue: issue.issue, frequency: issue.frequency },
      count: rows.length,
      tableHtml: articleTableHtml({ rows, showSubject: s.show_subject_column, caption: `Articles in ${issueTitle(issue)}` }),
      archive: archiveList(published, issue),
    };
  });
  // An issue whose year, volume or number was corrected: its old address leads to the new one.
  if (contents && "movedTo" in contents) throw redirect(issuePath(contents.movedTo), 301);
  if (!contents) throw data(null, { status: 404, statusText: "Issue not found" });
  const { issue, count, tableHtml, archive } = contents;
  return {
    issue,
    count,
    table: staticHtml(app, "articles", tableHtml),
    archive: archiveIndex(app, archive),
    canonical: absoluteUrl(journal, issuePath(issue)),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  if (!loaderData) return [{ title: pageTitle("Issue not found", site) }];
  const { issue, count } = loaderData;
  const title = `${issueTitle(issue)}${issue.frequency ? ` ${issue.frequency}` : ""}`;
  return [
    { title: pageTitle(title, site) },
    {
      name: "description",
      content: `Table of contents of ${site}, volume ${issue.volume}, issue ${issue.issue} (${issue.year}): ${count} article${count === 1 ? "" : "s"}.`,
    },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
    ...previewImageMeta(matches),
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function IssuePage({ loaderData }: Route.ComponentProps) {
  const { issue, count, table, archive } = loaderData;
  // While another issue loads, the layout shows 'Loading...'; mark this table as stale meanwhile.
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/archives");
  return (
    <ArchiveLayout index={archive} current={issue}>
      <Main className={loading ? "content is-stale" : "content"} labelledBy="issue-title" busy={loading}>
        <div className="content-tools">
          <Breadcrumbs current={String(issue.year)} />
          <AllIssuesButton />
        </div>
        <h1 id="issue-title" className="issue-title">
          {issueTitle(issue)}
          {issue.frequency ? <span className="issue-frequency"> {issue.frequency}</span> : null}
        </h1>
        <p className="issue-summary">
          <span className="badge">Articles: {countLabel(count)}</span>
          <span className="issue-export">
            Cite the whole issue: <CitationFileLinks formats={["ris", "bib"]} href={(f) => issueCitationFilePath(issue, f)} />
          </span>
        </p>
        <ArticleTable name="articles" html={table} />
      </Main>
    </ArchiveLayout>
  );
}
