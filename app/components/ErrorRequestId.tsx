import { createContext, useContext, useState } from "react";

let hydrated = false;

/** Called once the document has hydrated (root App's effect): later errors come from client-side requests. */
export function markDocumentHydrated(): void {
  hydrated = true;
}

/**
 * The request id of an error page's own request, given by app/entry.server.tsx to the server's
 * render only: it is no part of any page's data, so the data, the ETag and the edge cache's copy
 * of a page that did not fail stay the same from one request to the next.
 */
const ServerRequestId = createContext("");

export const RequestIdProvider = ServerRequestId.Provider;

/**
 * The request id on an error page (the key to the failure's log line, app/http/trace.ts), for
 * readers and staff to quote when they report it; not for "not found". Only on the error page
 * the server rendered (hydration reads the id the server wrote): after hydration an error comes from
 * a later client-side request whose id the page does not know, so none is shown rather than a
 * wrong one. Decided when the boundary mounts, so server and hydration render agree.
 */
export function ErrorRequestId({ status }: { status?: number }) {
  const rendered = useContext(ServerRequestId);
  const [requestId] = useState(() => {
    if (typeof document === "undefined") return rendered;
    return hydrated ? "" : (document.querySelector(".error-request-id code")?.textContent ?? "");
  });
  if (!requestId || status === 404) return null;
  return (
    <p className="error-request-id">
      Request ID: <code>{requestId}</code> — please quote it if you tell the journal about this error.
    </p>
  );
}
