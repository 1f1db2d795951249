import { data } from "react-router";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";

// Any path no route claims: a real 404 rendered by the root error page.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const ErrorBoundary = RouteErrorBoundary;

export default function NotFound() {
  return null;
}
