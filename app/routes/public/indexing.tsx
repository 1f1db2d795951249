import type { Route } from "./+types/indexing";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { readIndexingPage } from "../../models/pages.server";
import { IndexingList } from "../../components/IndexingList";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { pageMeta } from "../../lib/site";

export async function loader({ context }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const partners = await readIndexingPage(getDb(env.DB), journal.id);
  return { partners, siteName: journal.settings.websitename };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Indexing and Abstracting", (site) => `Databases and services that index and abstract ${site}.`);
}

export const ErrorBoundary = RouteErrorBoundary;

export default function Indexing({ loaderData }: Route.ComponentProps) {
  const { partners, siteName } = loaderData;
  return (
    <Main className="content" labelledBy="indexing-title">
      <h1 id="indexing-title">Indexing and Abstracting</h1>
      {partners.length ? (
        <>
          <p className="lead">
            {siteName} is indexed and abstracted by the following databases and services. Select a logo to visit the
            service.
          </p>
          <IndexingList partners={partners} variant="grid" />
        </>
      ) : (
        <p className="empty-state">Indexing information will be published here soon.</p>
      )}
    </Main>
  );
}
