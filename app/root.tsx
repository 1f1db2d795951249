import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { appContext } from "./context";
import { ErrorRequestId, markDocumentHydrated } from "./components/ErrorRequestId";
import { absoluteUrl, journalLogoUrl, previewImagePath } from "./lib/urls";
import stylesheet from "./app.css?url";
import { cjkHint } from "./lib/cjk";
import { useServerFragments } from "./components/StaticHtml";

export const links: Route.LinksFunction = () => [
  // The `?url` import is empty where Vite serves CSS itself (dev server, workerd tests): no
  // <link href=""> then (React warns about it, and it would re-request the page as CSS).
  // `precedence` makes it a React stylesheet resource, written first in <head>: a plain link
  // came after the dozen module preloads, so the render-blocking CSS queued behind scripts.
  ...(stylesheet ? [{ rel: "stylesheet", href: stylesheet, precedence: "default" }] : []),
  // "Journal Scripts": @font-face rules (no font is fetched until a page shows its script).
  { rel: "stylesheet", href: "/fonts/scripts.css", precedence: "fonts" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/atom+xml", title: "Latest articles", href: "/feed.xml" },
  { rel: "alternate", type: "application/atom+xml", title: "Latest issue", href: "/feeds/latest-issue.xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { journal } = context.get(appContext);
  const s = journal.settings;
  return {
    journalId: journal.id,
    host: journal.host,
    /** Absolute URL of the journal's link-preview image (og:image of every page). */
    previewImage: absoluteUrl(journal, previewImagePath(journal.version)),
    site: {
      websitename: s.websitename,
      websiteemail: s.websiteemail,
      whatsapp: s.whatsup_number,
      issn: s.issn,
      essn: s.journal_essn,
      nassScore: s.nassScore,
      nassScoreYear: s.nassScoreYear,
      publisherName: s.publisher_name,
      publisherAddress: s.publisher_address,
      domain: s.domain,
      logo: journalLogoUrl(s.logo),
    },
    year: new Date().getUTCFullYear(),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Stylesheets need no nonce (style-src allows 'self'); without this, Links copies the
            script nonce onto them and hydration warns, since browsers hide nonce attributes. */}
        <Links nonce="" />
      </head>
      <body>
        <CjkFonts />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The CJK @font-face rules are large (≈ 170 KB each: one rule per unicode-range slice), so a page
 * links those of the families its data needs: Hangul → Korean, kana → Japanese, other Han →
 * simplified Chinese, and traditional Chinese too when the text holds characters written only
 * in traditional Chinese (the documents' rule, app/lib/cjk.ts). React hoists the links into
 * <head> and adds them on client navigation too.
 */
const ANY_CJK = /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u9fff\uac00-\ud7a3\uf900-\ufaff]/;

function CjkFonts() {
  const matches = useMatches();
  let text = "";
  for (const m of matches) if (m.loaderData) text += JSON.stringify(m.loaderData);
  // A long table is server-built HTML kept out of the data (components/StaticHtml.tsx): read it too.
  // In the browser it arrives in the data on a navigation; while hydrating, the links are in place.
  for (const html of useServerFragments()?.values() ?? []) text += html;
  const families: string[] = [];
  // Most pages hold no CJK at all: one scan says so, before any per-script look.
  if (ANY_CJK.test(text)) {
    if (/[\u3400-\u9fff\uf900-\ufaff]/.test(text)) families.push("sc");
    if (cjkHint(text) === "tc") families.push("tc");
    if (/[\u3040-\u30ff\u31f0-\u31ff]/.test(text)) families.push("jp");
    if (/[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/.test(text)) families.push("kr");
  }
  return (
    <>
      {families.map((f) => (
        <link key={f} rel="stylesheet" href={`/fonts/cjk-${f}.css`} precedence="fonts" />
      ))}
    </>
  );
}

export default function App() {
  useEffect(markDocumentHydrated, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  let detail = "Unknown error";
  let status: number | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = error.statusText || (typeof error.data === "string" ? error.data : "") || String(error.status);
  } else if (error instanceof Error) {
    detail = error.message;
  }
  return (
    <main className="error-page" id="main">
      <h1>Oops! Sorry, an unexpected error has occurred.</h1>
      <p className="error-detail">
        <i>{detail}</i>
      </p>
      <ErrorRequestId status={status} />
      {status === 404 ? (
        <p>
          <a href="/">Go to the home page</a>
        </p>
      ) : null}
    </main>
  );
}
