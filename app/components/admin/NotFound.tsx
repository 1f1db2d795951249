import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ROLE_MESSAGES } from "../../schemas/messages";
import { ErrorRequestId } from "../ErrorRequestId";

/** A refused admin page: its status code, a heading, a line of explanation and where to go instead. */
function RefusedPage({ code, title, text, className = "" }: { code: number; title: string; text: string; className?: string }) {
  return (
    <section className={`a-not-found${className}`}>
      <p className="a-not-found-code" aria-hidden="true">
        {code}
      </p>
      <h1>{title}</h1>
      <p>{text}</p>
      <p className="a-not-found-links">
        <Link to="/admin" className="btn btn-primary">
          Go to the dashboard
        </Link>
        <Link to="/admin/archives" className="btn btn-ghost">
          Archives
        </Link>
        <Link to="/admin/editors" className="btn btn-ghost">
          Editors
        </Link>
      </p>
    </section>
  );
}

/** Spec §2: unknown admin pages and records say 'Not Found!'. */
export function NotFound({ detail }: { detail?: string }) {
  return <RefusedPage code={404} title="Not Found!" text={detail ?? "There is nothing at this address in the admin."} />;
}

/** An editor on an admin-only page (app/auth/permissions.ts): the server answered 403. */
function Forbidden() {
  return <RefusedPage code={403} title={ROLE_MESSAGES.forbiddenTitle} text={ROLE_MESSAGES.forbidden} className=" a-forbidden" />;
}

/** Error boundary of the admin pages: keeps the shell, shows 'Not Found!' for 404s and 'Admins only' for 403s. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound detail={typeof error.data === "string" && error.data ? error.data : undefined} />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  let detail = "Unknown error";
  if (isRouteErrorResponse(error)) {
    detail = (typeof error.data === "string" && error.data) || error.statusText || String(error.status);
  } else if (error instanceof Error) {
    detail = error.message;
  }
  return (
    <section className="a-not-found">
      <h1>Oops! Sorry, an unexpected error has occurred.</h1>
      <p>
        <i>{detail}</i>
      </p>
      <ErrorRequestId status={isRouteErrorResponse(error) ? error.status : undefined} />
      <p>
        <Link to="/admin" className="btn btn-primary">
          Go to the dashboard
        </Link>
      </p>
    </section>
  );
}
