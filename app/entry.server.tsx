import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToReadableStream } from "react-dom/server";
import { appContext } from "./context";
import { StaticHtmlProvider } from "./components/StaticHtml";
import { applySecurityHeaders } from "./http/security-headers.server";
import { secureTransport } from "./auth/tokens.server";
import { pageEtag } from "./http/page-etag.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, env, staticHtml } = loadContext.get(appContext);
  applySecurityHeaders(responseHeaders, { nonce, production: secureTransport(env) });

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const body = await renderToReadableStream(
    // The loaders' server-built fragments (components/StaticHtml.tsx), kept out of the page data.
    <StaticHtmlProvider value={staticHtml ?? null}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </StaticHtmlProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
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
    responseHeaders.set("ETag", pageEtag(request.url, responseStatusCode, { loaderData, actionData, errors }, staticHtml ?? null));
  }
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Loader, action and render errors: logged (Workers Logs keep them) unless the client went away.
 * React Router still renders the error page; without this, a failing loader left no trace.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
