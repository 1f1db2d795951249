import { redirect } from "react-router";
import type { Route } from "./+types/archives";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { readArchivesPage } from "../../models/pages.server";
import { AllIssuesButton, ArchiveLayout, NO_ARCHIVES_TEXT } from "../../components/ArchiveList";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { archiveIndex, archiveList } from "../../components/archive-list.server";
import { issuePath } from "../../lib/urls";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

/**
 * /archives: loads the list of years and sends the reader to the newest year's latest issue.
 * A plain redirect already behaves as a replace: a document request gets a 302 (the browser
 * never keeps /archives in history), and a client-side navigation follows the redirect before
 * touching history. So Back never returns to /archives to be redirected again. (React Router's
 * `replace()` would instead overwrite the page the reader came from.)
 */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { env, journal } = app;
  const rows = await readArchivesPage(getDb(env.DB), journal.id);
  const latest = rows[0];
  if (latest) throw redirect(issuePath(latest));
  return { archive: archiveIndex(app, archiveList(rows)) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Archives", siteNameFromMatches(matches)) }];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function Archives({ loaderData }: Route.ComponentProps) {
  return (
    <ArchiveLayout index={loaderData.archive}>
      <Main className="content" labelledBy="archives-title">
        <div className="content-head">
          <h1 id="archives-title">Archives</h1>
          <AllIssuesButton />
        </div>
        <p className="empty-state">{NO_ARCHIVES_TEXT}</p>
      </Main>
    </ArchiveLayout>
  );
}
