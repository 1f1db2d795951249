import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Main } from "./Main";
import { ErrorRequestId } from "./ErrorRequestId";

/**
 * Error page rendered inside the reader layout (so the header and navigation stay), with the
 * spec's wording and the status text or message.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  let detail = "Unknown error";
  let notFound = false;
  let status: number | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    notFound = error.status === 404;
    detail = error.statusText || (typeof error.data === "string" ? error.data : "") || String(error.status);
  } else if (error instanceof Error) {
    detail = error.message;
  }
  return (
    <Main className="error-page">
      <h1>Oops! Sorry, an unexpected error has occurred.</h1>
      <p className="error-detail">
        <i>{detail}</i>
      </p>
      <ErrorRequestId status={status} />
      {notFound ? (
        <p>
          <Link to="/">Go to the home page</Link> or <Link to="/archives">browse the archives</Link>.
        </p>
      ) : null}
    </Main>
  );
}
