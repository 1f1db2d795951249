import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToReadableStream } from "react-dom/server";
import { appContext } from "./context";
import { StaticHtmlProvider } from "./components/StaticHtml";
import { RequestIdProvider } from "./components/ErrorRequestId";
import { applySecurityHeaders } from "./http/security-headers.server";
import { secureTransport } from "./auth/tokens.server";
import { logError } from "./http/trace";
import { pageEtag } from "./http/page-etag.server";

/** The one log line of a failure inside React Router (app/http/trace.ts). */
function report(error: unknown, request: Request, context: RouterContextProvider | undefined, during: string) {
  let requestId = "";
  let journal: string | null = null;
  try {
    const app = context?.get(appContext);
    requestId = app?.requestId ?? "";
    journal = app?.journal.slug ?? null;
  } catch {
    // No app context (a request React Router got without the Worker's): log what is known.
  }
  const path = new URL(request.url).pathname;
  logError({ requestId, route: path.replace(/\.data$/, ""), method: request.method, path, journal, status: 500, error, during });
}

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, env, staticHtml, requestId } = loadContext.get(appContext);
  applySecurityHeaders(responseHeaders, { nonce, production: secureTransport(env) });

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const body = await renderToReadableStream(
    // The loaders' server-built fragments (components/StaticHtml.tsx), kept out of the page data.
    <StaticHtmlProvider value={staticHtml ?? null}>
      {/* An error page shows its request's id (components/ErrorRequestId.tsx); other pages' bytes never vary by request. */}
      <RequestIdProvider value={responseStatusCode >= 400 ? requestId : ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestIdProvider>
    </StaticHtmlProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) report(error, request, loadContext, "render");
      },
    },
  );
  shellRendered = true;
  // Pages have no streamed Suspense boundaries: wait for the whole document so crawlers and
  // readers get complete HTML in one response.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page browsers may keep gets its validator here, from what it was rendered from (the edge
  // cache keeps it with the page and answers If-None-Match: workers/cache.ts).
  if (responseStatusCode === 200 && !/private|no-store/i.test(responseHeaders.get("Cache-Control") ?? "")) {
    const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
    responseHeaders.set("ETag", await pageEtag(request.url, responseStatusCode, { loaderData, actionData, errors }, staticHtml ?? null));
  }
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Loader, action and render errors: one log line each (Workers Logs keep them), with the request
 * id the error page shows, unless the client went away. React Router still renders the error page.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  report(error, request, context as RouterContextProvider | undefined, "loader or action");
};
