import { useState } from "react";
import { useRouteLoaderData } from "react-router";

let hydrated = false;

/** Called once the document has hydrated (root App's effect): later errors come from client-side requests. */
export function markDocumentHydrated(): void {
  hydrated = true;
}

/**
 * The request id on an error page (the key to the failure's log line, app/http/trace.ts), for
 * readers and staff to quote when they report it; not for "not found". Only on the error page
 * the server rendered (the root loader names that request): after hydration an error comes from
 * a later client-side request whose id the page does not know, so none is shown rather than a
 * wrong one. Decided when the boundary mounts, so server and hydration render agree.
 */
export function ErrorRequestId({ status }: { status?: number }) {
  const requestId = (useRouteLoaderData("root") as { requestId?: string } | undefined)?.requestId;
  const [ofThisDocument] = useState(() => !hydrated);
  if (!requestId || !ofThisDocument || status === 404) return null;
  return (
    <p className="error-request-id">
      Request ID: <code>{requestId}</code> — please quote it if you tell the journal about this error.
    </p>
  );
}
